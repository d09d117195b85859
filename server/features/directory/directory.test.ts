import { SPECIALTIES } from '../../../contract/directory-options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilterKey, SearchPhysiciansQueryInput } from '../../../contract/directory';
import { formatSpecialty, SearchPhysiciansQuery, SORT_KEYS } from '../../../contract/directory';
import { createTestContext } from '../../test/harness';
import { insertPhysician } from '../../test/support/physicians';
import { normalizeCode, stateCode, toCriteria, type SearchCriteria } from './search-index/query/criteria';
import { zipsOfCity } from './geo';
import { naiveSearch, naiveSearchSql } from '../../test/support/directory/naive-search';
import { findProfile, findSummariesByIds } from './repo';

/*
 * A small directory with known names, specialties, places and skills: every rule of
 * docs/rules.md#search and #filters (and each extra filter) is checked against hand-computed ids,
 * on PGlite and PostgreSQL.
 */

type Fixture = {
  id: number;
  first: string;
  last: string;
  title?: string | null;
  specialty?: string | null;
  org?: string | null;
  city?: string | null;
  state?: string | null;
  skills?: string[];
  degrees?: string[];
  credential?: string | null;
  school?: string | null;
  year?: number | null;
  gender?: 'M' | 'F' | null;
  languages?: string[];
  board?: boolean | null;
  hospital?: string | null;
  licenses?: string[];
  accepting?: boolean | null;
  telehealth?: boolean | null;
  npi?: string | null;
  size?: string | null;
  revenue?: string | null;
  industry?: string | null;
  email?: boolean;
  phone?: boolean;
  /** CMS facility affiliations (ADR 063). */
  aff?: { ccn: string; type: string; parent?: string }[];
};

/** Read at use (a run that crosses New Year must not compare with a stale year). */
const currentYear = () => new Date().getUTCFullYear();

// prettier-ignore
const PHYSICIANS: Fixture[] = [
  { id: 1, aff: [{ ccn: '450358', type: 'Hospital' }], first: 'John', last: 'Smith', title: 'Cardiologist', specialty: 'Cardiology', org: 'Heart Center', city: 'Houston', state: 'TX', skills: ['Leadership', 'Research'], degrees: ['MD', 'BS'], credential: 'MD', school: 'Baylor College of Medicine', year: 2000, gender: 'M', languages: ['English', 'Spanish'], board: true, hospital: 'Houston Methodist', licenses: ['TX'], accepting: true, telehealth: false, npi: '1234567890', size: '5000+', revenue: '$1B+', industry: 'Hospital & Health Care', email: true, phone: true },
  { id: 2, aff: [{ ccn: '220086', type: 'Hospital' }, { ccn: '225123', type: 'Nursing home' }], first: 'Jane', last: 'Smithson', title: 'Pediatrician', specialty: 'Pediatrics', org: 'Kids First Clinic', city: 'Boston', state: 'MA', skills: ['Patient Care', 'Teaching'], degrees: ['MD'], credential: 'MD', school: 'Harvard Medical School', year: 2010, gender: 'F', languages: ['English'], board: true, hospital: "Boston Children's Hospital", licenses: ['MA', 'NH'], accepting: true, telehealth: true, npi: '1234500001', size: '100 to 499', revenue: '$10M to <$50M', industry: 'Medical Practice', email: true },
  { id: 3, first: 'Smith', last: 'Johnson', title: 'Family Physician', specialty: 'Family Medicine', org: 'Prairie Health', city: 'Omaha', state: 'NE', skills: ['Patient Care'], degrees: ['DO'], credential: 'DO', school: 'Kansas City University', year: 1990, gender: 'M', languages: ['English'], board: false, licenses: ['NE', 'IA'], accepting: false, telehealth: false, npi: '1987654321', size: '1 to 19', revenue: '<$1M', industry: 'Medical Practice', phone: true },
  { id: 4, first: 'Maryann', last: 'Lee', title: 'Internist', specialty: 'Internal Medicine', org: 'Pacific Internal Medicine', city: 'Seattle', state: 'WA', skills: ['Communication'], degrees: ['MD', 'MBA'], credential: 'MD', school: 'University of Washington School of Medicine', year: 2005, gender: 'F', languages: ['English', 'Korean'], board: true, licenses: ['WA'], accepting: true, telehealth: true, npi: '1555000004', size: '20 to 99', revenue: '$1M to <$10M', industry: 'Healthcare' },
  { id: 5, first: 'Omar', last: 'Haddad', title: 'Staff Physician', specialty: 'physician', org: 'Desert Care', city: 'Phoenix', state: 'AZ', skills: [], degrees: ['MD'], credential: 'M.D.', year: 2015, gender: 'M', languages: ['English', 'Arabic'], board: null, licenses: ['AZ'], accepting: null, telehealth: null, npi: '1555000005' },
  { id: 6, first: 'Paula', last: 'Reyes', title: 'Lead Physician Assistant', specialty: 'Physician Assistant', org: 'Desert Care', city: 'Tucson', state: 'AZ', skills: ['Patient Care', 'Surgery'], degrees: ['MS', 'BS'], credential: 'PA-C', year: 2018, gender: 'F', languages: ['English', 'Spanish'], board: true, licenses: ['AZ'], accepting: true, telehealth: false, npi: '1555000006' },
  { id: 7, first: 'Victor', last: 'Stone', title: 'Physician', specialty: 'PHYSICIAN', org: 'Granite Medical', city: 'Denver', state: 'CO', skills: ['Leadership'], degrees: ['DO'], credential: 'DO', year: 1985, gender: 'M', languages: ['English'], board: false, licenses: ['CO', 'WY'], accepting: false, telehealth: true, npi: '1555000007' },
  { id: 8, first: 'Grace', last: 'Kim', title: 'Interventional Cardiologist', specialty: 'cardiology', org: 'Valley Heart Institute', city: 'Fresno', state: 'CA', skills: ['Clinical Research', 'Cardiac Catheterization'], degrees: ['MD', 'PhD'], credential: 'MD', school: 'Stanford University School of Medicine', year: 2008, gender: 'F', languages: ['English', 'Korean'], board: true, licenses: ['CA'], accepting: true, telehealth: false, npi: '1555000008' },
  { id: 9, aff: [{ ccn: '45S358', type: 'Hospital', parent: '450358' }], first: 'Hector', last: 'Alvarez', title: 'Cardiologist', specialty: 'CARDIOLOGY', org: 'Gulf Coast Cardiology', city: 'Corpus Christi', state: 'TX', skills: ['Echocardiography'], degrees: ['MD'], credential: 'MD', year: 1995, gender: 'M', languages: ['English', 'Spanish'], board: true, licenses: ['TX'], accepting: false, telehealth: false, npi: '1555000009' },
  { id: 10, first: 'Abigail', last: 'Turner', title: 'Neurologist', specialty: 'Neurology', org: 'Lincoln Neuro Group', city: 'Springfield', state: 'IL', skills: ['EEG'], degrees: ['MD'], credential: 'MD', year: 2012, gender: 'F', languages: ['English'], board: true, licenses: ['IL'], accepting: true, telehealth: true, npi: '1555000010' },
  { id: 11, first: 'Benjamin', last: 'Turner', title: 'Neurologist', specialty: 'Neurology', org: 'Pioneer Valley Neurology', city: 'Springfield', state: 'MA', skills: ['EMG'], degrees: ['MD'], credential: 'MD', year: 2011, gender: 'M', languages: ['English'], board: true, licenses: ['MA'], accepting: true, telehealth: false, npi: '1555000011' },
  { id: 12, first: 'Chloe', last: 'Nguyen', title: 'Dermatologist', specialty: 'Dermatology', org: 'Rose City Skin', city: 'Portland', state: 'OR', skills: ['Mohs Surgery'], degrees: ['MD'], credential: 'MD', year: 2016, gender: 'F', languages: ['English', 'Vietnamese'], board: true, licenses: ['OR', 'WA'], accepting: true, telehealth: true, npi: '1555000012' },
  { id: 13, first: 'Daniel', last: 'Nguyen', title: 'Family Physician', specialty: 'Family Medicine', org: 'Casco Bay Family Practice', city: 'Portland', state: 'ME', skills: ['Patient Care'], degrees: ['DO'], credential: 'DO', year: 2001, gender: 'M', languages: ['English'], board: true, licenses: ['ME'], accepting: true, telehealth: false, npi: '1555000013' },
  { id: 14, first: 'Elena', last: 'Garcia', title: 'Pediatrician', specialty: 'Pediatrics', org: 'Harbor Kids', city: 'San Diego', state: 'California', skills: ['Teaching'], degrees: ['MD'], credential: 'MD', year: 2003, gender: 'F', languages: ['English', 'Spanish'], board: true, licenses: ['CA'], accepting: true, telehealth: true, npi: '1555000014' },
  { id: 15, first: 'Felix', last: 'Wong', title: 'Radiologist', specialty: 'Radiology', org: 'Sunset Imaging', city: 'Los Angeles', state: 'CA', skills: ['MRI'], degrees: ['MD'], credential: 'MD', year: 1998, gender: 'M', languages: ['English', 'Cantonese'], board: true, licenses: ['CA', 'NV'], accepting: false, telehealth: false, npi: '1555000015' },
  { id: 16, first: 'Gloria', last: 'Patel', title: 'Oncologist', specialty: 'Oncology', org: 'Hope Cancer Center', city: 'Atlanta', state: 'GA', skills: ['Leadership', 'Clinical Research'], degrees: ['MD'], credential: 'MD', year: 2007, gender: 'F', languages: ['English', 'Hindi'], board: true, licenses: ['GA'], accepting: true, telehealth: true, npi: '1555000016' },
  { id: 17, first: 'Henry', last: 'Brooks', title: 'Medical Director', specialty: 'Emergency Medicine', org: 'Metro Emergency Physicians', city: 'Chicago', state: 'IL', skills: ['Leadership'], degrees: ['MD'], credential: 'MD', year: 1992, gender: 'M', languages: ['English'], board: true, licenses: ['IL'], accepting: null, telehealth: false, npi: '1555000017' },
  { id: 18, first: 'Irene', last: 'Castillo', title: 'Internist', specialty: 'Internal Medicine', org: 'Zenith Health', city: 'Miami', state: 'FL', skills: ['Communication'], degrees: ['MD'], credential: 'MD', year: 2014, gender: 'F', languages: ['English', 'Spanish'], board: true, licenses: ['FL'], accepting: true, telehealth: true, npi: '1555000018' },
  { id: 19, first: 'Jack', last: 'Oconnor', title: 'Nocturnist', specialty: 'Internal Medicine', org: 'Lakeside Hospital', city: 'Cleveland', state: 'OH', skills: ['Critical Care'], degrees: ['MD'], credential: 'MD', year: 2019, gender: 'M', languages: ['English'], board: false, licenses: ['OH'], accepting: false, telehealth: false, npi: '1555000019' },
  { id: 20, first: 'Karen', last: 'Wallace', title: 'Emergency Physician', specialty: 'Emergency Medicine', org: 'Summit Emergency Group', city: 'Salt Lake City', state: 'UT', skills: ['Emergency Ultrasound'], degrees: ['DO'], credential: 'DO', year: 2009, gender: 'F', languages: ['English'], board: true, licenses: ['UT'], accepting: true, telehealth: false, npi: '1555000020' },
  { id: 21, first: 'Liam', last: 'Foster', title: 'Skin Specialist', specialty: 'Dermatology', org: 'Clear Skin Associates', city: 'Austin', state: 'TX', skills: ['Cosmetic Procedures'], degrees: ['MD'], credential: 'MD', year: 2017, gender: 'M', languages: ['English'], board: true, licenses: ['TX'], accepting: true, telehealth: true, npi: '1555000021' },
  { id: 22, first: 'Xavier', last: 'Bell', title: 'Psychiatrist', specialty: 'Psychiatry', org: 'Mindful Health', city: 'Nashville', state: 'TN', skills: ['Psychopharmacology'], degrees: ['MD'], credential: 'MD', year: 2006, gender: 'M', languages: ['English', 'French'], board: true, licenses: ['TN'], accepting: true, telehealth: true, npi: '1555000022' },
  { id: 23, aff: [{ ccn: '240010', type: 'Hospital' }], first: 'Yvonne', last: 'Quimby', title: 'Urologist', specialty: 'Urology', org: 'Northern Urology', city: 'Minneapolis', state: 'MN', skills: ['Robotic Surgery'], degrees: ['MD'], credential: 'MD', year: 1988, gender: 'F', languages: ['English'], board: true, licenses: ['MN'], accepting: false, telehealth: false, npi: '1555000023' },
  { id: 24, first: 'Zoe', last: 'Adams', title: null, specialty: null, org: null, city: null, state: null, skills: [], degrees: [], credential: null, year: null, gender: null, languages: [], board: null, licenses: [], accepting: null, telehealth: null, npi: null },
  { id: 25, aff: [{ ccn: '450358', type: 'Hospital' }, { ccn: '45T358', type: 'Inpatient rehabilitation facility', parent: '450358' }], first: 'Aaron', last: 'Baker', title: 'Orthopedic Surgeon', specialty: 'Orthopedic Surgery', org: 'Bone and Joint Clinic', city: 'Houston', state: 'TX', skills: ['Arthroscopy', 'Surgery'], degrees: ['MD'], credential: 'MD', year: 2004, gender: 'M', languages: ['English'], board: true, licenses: ['TX', 'LA'], accepting: true, telehealth: false, npi: '1555000025' },
  { id: 26, first: 'Bella', last: 'Carter', title: 'OB/GYN', specialty: 'OBGYN', org: 'Womens Health Partners', city: 'Dallas', state: 'TX', skills: ['Obstetrics'], degrees: ['MD'], credential: 'MD', year: 2013, gender: 'F', languages: ['English', 'Spanish'], board: true, licenses: ['TX'], accepting: true, telehealth: true, npi: '1555000026' },
  { id: 27, first: 'Caleb', last: 'Dunn', title: 'Gastroenterologist', specialty: 'Gastroenterology', org: 'Digestive Care', city: 'Charlotte', state: 'NC', skills: ['Endoscopy'], degrees: ['MD'], credential: 'MD', year: 1996, gender: 'M', languages: ['English'], board: true, licenses: ['NC', 'SC'], accepting: false, telehealth: false, npi: '1555000027' },
  { id: 28, first: 'Diana', last: 'Ellis', title: 'Pulmonologist', specialty: 'Pulmonology', org: 'Breathe Easy', city: 'Kansas City', state: 'MO', skills: ['Bronchoscopy'], degrees: ['MD'], credential: 'MD', year: 2002, gender: 'F', languages: ['English'], board: true, licenses: ['MO', 'KS'], accepting: true, telehealth: true, npi: '1555000028' },
  { id: 29, first: 'Ethan', last: 'Fox', title: 'Anesthesiologist', specialty: 'Anesthesiology', org: 'Sleep Well Anesthesia', city: 'Kansas City', state: 'KS', skills: ['Regional Anesthesia'], degrees: ['MD'], credential: 'MD', year: 1999, gender: 'M', languages: ['English'], board: true, licenses: ['KS'], accepting: null, telehealth: false, npi: '1555000029' },
  { id: 30, first: 'Fiona', last: 'Smith', title: 'General Surgeon', specialty: 'General Surgery', org: 'Coastal Surgical', city: 'Charleston', state: 'SC', skills: ['Surgery', 'Leadership'], degrees: ['MD'], credential: 'MD', year: 1993, gender: 'F', languages: ['English'], board: true, licenses: ['SC'], accepting: true, telehealth: false, npi: '1555000030' },
];
const ALL_IDS = PHYSICIANS.map((p) => p.id);

// Many searches per test, most by one premium user: the per-user limit (120/min) is raised here;
// directory-limits.test.ts tests the limits themselves.
const ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '20' } });
afterAll(() => ctx.close());

async function insertFixture(p: Fixture) {
  await insertPhysician(ctx.db, {
    id: p.id,
    npi: p.npi ?? null,
    firstName: p.first,
    lastName: p.last,
    title: p.title ?? null,
    credential: p.credential ?? null,
    specialty: p.specialty ?? null,
    organization: p.org ?? null,
    organizationSize: p.size ?? null,
    organizationRevenue: p.revenue ?? null,
    organizationIndustry: p.industry ?? null,
    city: p.city ?? null,
    state: p.state ?? null,
    skills: p.skills ?? [],
    education: (p.degrees ?? []).map((degree) => ({
      schoolName: p.school ?? 'State University',
      degree,
      field: null,
      startDate: null,
      endDate: null,
    })),
    medicalSchool: p.school ?? null,
    graduationYear: p.year ?? null,
    gender: p.gender ?? null,
    languages: p.languages ?? [],
    boardCertified: p.board ?? null,
    hospitalAffiliation: p.hospital ?? null,
    licenseStates: p.licenses ?? [],
    affiliations: p.aff ? p.aff.map((a) => ({ ccn: a.ccn, type: a.type, parent: a.parent ?? null })) : null,
    acceptingNewPatients: p.accepting ?? null,
    telehealth: p.telehealth ?? null,
    linkedinUrl: `https://www.linkedin.com/in/${p.first.toLowerCase()}-${p.last.toLowerCase()}`,
    // The city's first ZIP; a sub-specialty, a secondary specialty and Medicaid for some.
    zip: p.city && p.state ? (zipsOfCity(p.city, stateCode(p.state))[0] ?? null) : null,
    subSpecialty: p.id % 4 === 0 ? 'Interventional Cardiology' : null,
    secondarySpecialty: p.id % 5 === 0 ? 'Internal Medicine' : null,
    acceptingMedicaid: p.accepting === null ? null : p.id % 3 !== 0,
    // ADR 035: residents every seventh; a move every sixth, 10 x id days ago (UTC).
    inTraining: p.id % 7 === 0,
    movedOn: p.id % 6 === 0 ? new Date(Date.now() - p.id * 10 * 86_400_000).toISOString().slice(0, 10) : null,
  });
  await ctx.db.sql.query(
    'INSERT INTO physician_contacts (physician_id, personal_email, work_email, mobile_phone, office_phone) VALUES ($1, $2, $3, $4, $5)',
    [
      p.id,
      p.email ? `${p.first.toLowerCase()}@example.com` : null,
      null,
      null,
      p.phone ? '(555) 555-0100' : null,
    ],
  );
}

beforeAll(async () => {
  // The hospitals the affiliations name; 225123 (a nursing home) and the units' CCNs are not among them.
  await ctx.db.sql.query(
    `INSERT INTO hospitals (ccn, name, city, state, hospital_type) VALUES
       ('450358', 'Houston Methodist Hospital', 'Houston', 'TX', 'Acute Care Hospitals'),
       ('220086', 'Beth Israel Deaconess Medical Center', 'Boston', 'MA', 'Acute Care Hospitals'),
       ('240010', 'Mayo Clinic Hospital Rochester', 'Rochester', 'MN', 'Acute Care Hospitals')`,
  );
  for (const p of PHYSICIANS) await insertFixture(p);
  await ctx.deps.services.directory.directoryChanged();
});

let premium: Awaited<ReturnType<typeof ctx.signedInAgent>>['agent'];
let free: Awaited<ReturnType<typeof ctx.signedInAgent>>['agent'];
let basic: Awaited<ReturnType<typeof ctx.signedInAgent>>['agent'];
beforeAll(async () => {
  premium = (await ctx.signedInAgent({ tier: 'premium' })).agent;
  basic = (await ctx.signedInAgent({ tier: 'basic' })).agent;
  free = (await ctx.signedInAgent({ tier: 'free' })).agent;
});

const qs = (params: Record<string, string | number | boolean>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** Ids of every match (as a premium user, all pages), in the API's order. */
async function ids(params: Record<string, string | number | boolean> = {}): Promise<number[]> {
  const out: number[] = [];
  for (let page = 1; ; page++) {
    const res = await premium.get(`/api/physicians?${qs({ ...params, page })}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    out.push(...res.body.results.map((r: { id: number }) => r.id));
    if (page >= res.body.pageCount) {
      expect(out.length).toBe(res.body.total);
      return out;
    }
  }
}
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const matching = async (params: Record<string, string | number | boolean>) => sorted(await ids(params));

describe('text query (docs/rules.md#search)', () => {
  it('one word matches first name, last name, specialty, skills, organization or title, partially and in any case', async () => {
    expect(await matching({ query: 'xavier' })).toEqual([22]); // first name
    expect(await matching({ query: 'QUIMB' })).toEqual([23]); // last name
    expect(await matching({ query: 'dermat' })).toEqual([12, 21]); // specialty
    expect(await matching({ query: 'ultrasound' })).toEqual([20]); // skills
    expect(await matching({ query: 'zenith' })).toEqual([18]); // organization
    expect(await matching({ query: 'nocturn' })).toEqual([19]); // title
    expect(await matching({ query: 'smith' })).toEqual([1, 2, 3, 30]);
  });

  it('one word does not match other fields (city, school, hospital)', async () => {
    expect(await matching({ query: 'baylor' })).toEqual([]);
    expect(await matching({ query: 'omaha' })).toEqual([]);
    expect(await matching({ query: 'methodist' })).toEqual([]);
  });

  it('trims the text and treats an empty query as no query', async () => {
    expect(await matching({ query: '   xavier  ' })).toEqual([22]);
    expect(await matching({ query: '   ' })).toEqual(ALL_IDS);
  });

  it('several words: the first is the first name and the rest the last name, or the reverse', async () => {
    // 1 John Smith; 3 Smith Johnson: first name 'smith' and last name 'john...' (the reverse)
    expect(await matching({ query: 'john smith' })).toEqual([1, 3]);
    expect(await matching({ query: 'smith john' })).toEqual([1, 3]);
    expect(await matching({ query: 'jane smith' })).toEqual([2]);
    // A name matches by the beginnings of its words: 'ann' begins no word of 'Maryann'.
    expect(await matching({ query: 'ann lee' })).toEqual([]);
    expect(await matching({ query: 'mary lee' })).toEqual([4]);
    expect(await matching({ query: 'turner abigail' })).toEqual([10]);
    expect(await matching({ query: 'JANE   SMITH' })).toEqual([2]);
    // The rest is one piece: 'mary ann lee' wants a last name starting 'ann lee'; the every-word
    // rule (ADR 020) does not find Maryann Lee either: no word of hers starts with 'ann'.
    expect(await matching({ query: 'mary ann lee' })).toEqual([]);
    // Beyond the name rule, every word may match any searched field: both in 'Heart Center'.
    expect(await matching({ query: 'heart center' })).toEqual([1]);
    expect(await matching({ query: 'heart houston' })).toEqual([1]); // organization and city
    expect(await matching({ query: 'heart omaha' })).toEqual([]);
  });
});

describe('filters', () => {
  it('In training and Moved in the last N days (ADR 035)', async () => {
    expect(await matching({ inTraining: 'true' })).toEqual([7, 14, 21, 28]);
    expect(await matching({ inTraining: 'false' })).toHaveLength(26);
    // Moves 60, 120, 180, 240 and 300 days ago (ids 6 to 30); 180 days is within 'the last 180'.
    expect(await matching({ movedWithinDays: '30' })).toEqual([]);
    expect(await matching({ movedWithinDays: '90' })).toEqual([6]);
    expect(await matching({ movedWithinDays: '180' })).toEqual([6, 12, 18]);
    expect(await matching({ movedWithinDays: '365' })).toEqual([6, 12, 18, 24, 30]);
    expect(await matching({ movedWithinDays: '365', inTraining: 'false', state: 'TX' })).toEqual([]);
    const card = (await premium.get('/api/physicians?movedWithinDays=90')).body.results[0];
    expect(card).toMatchObject({ id: 6, inTraining: false, movedOn: new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10) });
    for (const movedWithinDays of ['30', '90', '180', '365']) {
      const criteria = toCriteria(SearchPhysiciansQuery.parse({ movedWithinDays }));
      const sort = { sortKey: 'name' as const, sortDirection: 'asc' as const, offset: 0, limit: 50 };
      expect(ctx.deps.services.directory.index.search(criteria, sort)).toEqual(await naiveSearch(ctx.db, criteria, sort));
    }
  });

  it("specialty: 'physician' (any case) is exact, other values partial, any value may match", async () => {
    expect(await matching({ specialty: 'physician' })).toEqual([5, 7]);
    expect(await matching({ specialty: 'PHYSICIAN' })).toEqual([5, 7]);
    expect(await matching({ specialty: 'Physician Assistant' })).toEqual([6]);
    expect(await matching({ specialty: 'assist' })).toEqual([6]);
    expect(await matching({ specialty: 'Cardiology' })).toEqual([1, 8, 9]);
    expect(await matching({ specialty: 'Cardiology,Dermatology' })).toEqual([1, 8, 9, 12, 21]);
    // By word prefix: Urology is not Neurology.
    expect(await matching({ specialty: 'physician,Urology' })).toEqual([5, 7, 23]);
    expect(await matching({ specialty: 'card' })).toEqual([1, 8, 9]);
  });

  it("location: 'city, state' matches both parts (state as code or name); otherwise city or state", async () => {
    expect(await matching({ location: 'Springfield, IL' })).toEqual([10]);
    expect(await matching({ location: 'springfield, illinois' })).toEqual([10]);
    expect(await matching({ location: 'Springfield' })).toEqual([10, 11]);
    expect(await matching({ location: 'Portland, Maine' })).toEqual([13]);
    expect(await matching({ location: 'Maine' })).toEqual([13]);
    expect(await matching({ location: 'Kansas City, KS' })).toEqual([29]);
    expect(await matching({ location: 'kansas' })).toEqual([28, 29]); // city Kansas City (MO and KS), state Kansas
    // A state stored by name ('California') is found by its code and the reverse.
    expect(await matching({ location: 'CA' })).toEqual([8, 14, 15]); // no city word starts with 'ca' ('Chicago' does not)
    expect(await matching({ location: 'San Diego, CA' })).toEqual([14]);
    expect(await matching({ location: 'Los Angeles, California' })).toEqual([15]);
    expect(await matching({ location: 'california' })).toEqual([8, 14, 15]);
    expect(await matching({ location: 'Houston, NY' })).toEqual([]);
  });

  it('skills: every value must match (each partially)', async () => {
    expect(await matching({ skills: 'Leadership' })).toEqual([1, 7, 16, 17, 30]);
    expect(await matching({ skills: 'Leadership,Research' })).toEqual([1, 16]); // 16: 'Clinical Research'
    expect(await matching({ skills: 'leadership,surgery' })).toEqual([30]);
    expect(await matching({ skills: 'Leadership,Teaching' })).toEqual([]);
  });

  it('other multi-value filters match any value', async () => {
    expect(await matching({ education: 'MBA,PhD' })).toEqual([4, 8]);
    expect(await matching({ education: 'DO' })).toEqual([3, 7, 13, 20]);
    expect(await matching({ companySize: '5000+,1 to 19' })).toEqual([1, 3]);
    expect(await matching({ companyRevenue: '$1M to <$10M' })).toEqual([4]);
    expect(await matching({ companyIndustry: 'Medical Practice,Healthcare' })).toEqual([2, 3, 4]);
    expect(await matching({ state: 'AZ,CO' })).toEqual([5, 6, 7]);
    expect(await matching({ state: 'CA' })).toEqual([8, 14, 15]); // 14 stores 'California'
    expect(await matching({ state: 'California' })).toEqual([8, 14, 15]);
    expect(await matching({ licenseState: 'NH,WY' })).toEqual([2, 7]);
    expect(await matching({ language: 'Korean,Arabic' })).toEqual([4, 5, 8]);
    expect(await matching({ credential: 'MD' }).then((r) => r.length)).toBe(24);
    expect(await matching({ credential: 'md', organization: 'desert' })).toEqual([5]); // 5 stores 'M.D.'
    expect(await matching({ credential: 'PA-C,DO' })).toEqual([3, 6, 7, 13, 20]);
  });

  it('text filters match partially: title, organization, city, medical school, hospital affiliation', async () => {
    expect(await matching({ title: 'cardiologist' })).toEqual([1, 8, 9]);
    expect(await matching({ organization: 'desert' })).toEqual([5, 6]);
    expect(await matching({ city: 'kansas' })).toEqual([28, 29]);
    expect(await matching({ medicalSchool: 'harvard' })).toEqual([2]);
    expect(await matching({ hospitalAffiliation: 'children' })).toEqual([2]);
  });

  it('npi prefix, gender, graduation years, years in practice and the yes/no filters', async () => {
    expect(await matching({ npi: '12345' })).toEqual([1, 2]);
    expect(await matching({ npi: '1987654321' })).toEqual([3]);
    expect(await matching({ gender: 'F', state: 'TX' })).toEqual([26]);
    expect(await matching({ graduationYearMin: 2015, graduationYearMax: 2017 })).toEqual([5, 12, 21]);
    expect(await matching({ graduationYearMax: 1988 })).toEqual([7, 23]);
    expect(await matching({ yearsInPracticeMin: currentYear() - 1988 })).toEqual([7, 23]);
    expect(
      await matching({ yearsInPracticeMin: currentYear() - 2017, yearsInPracticeMax: currentYear() - 2015 }),
    ).toEqual([5, 12, 21]);
    expect(await matching({ boardCertified: false })).toEqual([3, 7, 19]);
    expect(await matching({ acceptingNewPatients: false, telehealth: true })).toEqual([7]);
    expect(await matching({ telehealth: true, state: 'AZ' })).toEqual([]);
  });

  it('combines the text query and every filter with AND', async () => {
    expect(await matching({ query: 'smith', specialty: 'Cardiology' })).toEqual([1]);
    expect(await matching({ query: 'surg', location: 'TX', skills: 'Surgery' })).toEqual([25]);
    expect(await matching({ specialty: 'Cardiology', language: 'Spanish', boardCertified: true })).toEqual([
      1, 9,
    ]);
  });

  it('agrees with the reference SQL (naive-search.ts) on totals and order', async () => {
    const cases: SearchPhysiciansQueryInput[] = [
      {},
      { query: 'smith' },
      { query: 'an' },
      { query: 'smith john' },
      { specialty: 'physician,card' },
      { location: 'Kansas City, KS' },
      { location: 'tex' },
      { skills: 'Leadership,Research' },
      { education: 'MD', state: 'TX,IL', credential: 'M.D.' },
      { query: 'e', sortKey: 'specialty', sortDirection: 'desc' },
      { query: 'a', sortKey: 'location' },
      { yearsInPracticeMin: '10', telehealth: 'true', sortKey: 'name', sortDirection: 'desc' },
    ];
    for (const input of cases) {
      const request = SearchPhysiciansQuery.parse(input);
      const sortKey = request.sortKey ?? 'name';
      const sortDirection = request.sortDirection ?? 'asc';
      const fromIndex = ctx.deps.services.directory.index.search(toCriteria(request), {
        sortKey,
        sortDirection,
        offset: 0,
        limit: 100,
      });
      const fromSql = await naiveSearch(ctx.db, toCriteria(request), {
        sortKey,
        sortDirection,
        offset: 0,
        limit: 100,
      });
      expect(fromIndex, JSON.stringify(input)).toEqual(fromSql);
    }
  });
});

describe('hospital affiliations and licences (ADR 063)', () => {
  it("'Affiliated with' takes any of its CCNs, a unit counting for its parent hospital", async () => {
    expect(await matching({ affiliatedWith: '450358' })).toEqual([1, 9, 25]);
    expect(await matching({ affiliatedWith: '450358,240010' })).toEqual([1, 9, 23, 25]);
    expect(await matching({ affiliatedWith: '45t358' })).toEqual([25]);
    expect(await matching({ affiliatedWith: '225123' })).toEqual([2]);
    expect(await matching({ affiliatedWith: '999999' })).toEqual([]);
  });

  it("'Facility type' takes any of its types", async () => {
    expect(await matching({ facilityType: 'Nursing home' })).toEqual([2]);
    expect(await matching({ facilityType: 'inpatient rehabilitation facility,Nursing home' })).toEqual([2, 25]);
    expect(await matching({ facilityType: 'Hospital' })).toEqual([1, 2, 9, 23, 25]);
  });

  it('hospital names are words of a several-word query, not of a one-word one (the spec’s rule)', async () => {
    expect(await matching({ query: 'mayo clinic urology' })).toEqual([23]);
    expect(await matching({ query: 'methodist smith' })).toEqual([1]);
    expect(await matching({ query: 'methodist' })).toEqual([]);
  });

  it("'Likely IMLC-eligible for' a state: a licence in another compact state that can be the principal one", async () => {
    // TX issues licences through the compact; NC and SC have only enacted it, MO too; TX itself does not count.
    expect(await matching({ imlcEligibleFor: 'TX' })).toEqual([2, 3, 4, 5, 6, 7, 10, 12, 13, 15, 16, 17, 19, 20, 22, 23, 25, 28, 29]);
    expect(await matching({ imlcEligibleFor: 'WY' })).toEqual([2, 3, 4, 5, 6, 7, 10, 12, 13, 15, 16, 17, 19, 20, 22, 23, 25, 28, 29, 1, 9, 21, 26].sort((a, b) => a - b));
  });

  it('bad values are 400s that name the field', async () => {
    const bad = await premium.get('/api/physicians?affiliatedWith=45-358');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('affiliatedWith must be CMS Certification Numbers');
    const notMember = await premium.get('/api/physicians?imlcEligibleFor=CA');
    expect(notMember.status).toBe(400);
    expect(JSON.stringify(notMember.body)).toContain('imlcEligibleFor must be a state that issues licences through the Interstate Medical Licensure Compact');
  });

  it('the profile lists the affiliations, hospitals first, a unit with its parent, an unknown CCN by number', async () => {
    const one = (await ctx.agent().get('/api/physicians/25')).body;
    expect(one.hospitalAffiliations).toEqual([
      { ccn: '450358', name: 'Houston Methodist Hospital', city: 'Houston', state: 'TX', hospitalType: 'Acute Care Hospitals', facilityType: 'Hospital', parent: null },
      {
        ccn: '45T358',
        name: null,
        city: null,
        state: null,
        hospitalType: null,
        facilityType: 'Inpatient rehabilitation facility',
        parent: { ccn: '450358', name: 'Houston Methodist Hospital', city: 'Houston', state: 'TX', hospitalType: 'Acute Care Hospitals' },
      },
    ]);
    const two = (await ctx.agent().get('/api/physicians/2')).body;
    expect(two.hospitalAffiliations.map((a: { ccn: string; name: string | null }) => [a.ccn, a.name])).toEqual([
      ['220086', 'Beth Israel Deaconess Medical Center'],
      ['225123', null],
    ]);
    expect((await ctx.agent().get('/api/physicians/3')).body.hospitalAffiliations).toEqual([]);
  });

  it('the type-ahead finds hospitals by words of their names with live counts; facets count facility types', async () => {
    const all = await premium.get('/api/directory/hospitals');
    expect(all.status).toBe(200);
    expect(all.body.hospitals.map((h: { ccn: string; count: number }) => [h.ccn, h.count])).toEqual([
      ['450358', 3],
      ['220086', 1],
      ['240010', 1],
      ['225123', 1],
      ['45S358', 1],
      ['45T358', 1],
    ]);
    const methodist = await premium.get('/api/directory/hospitals?q=meth');
    expect(methodist.body.hospitals).toEqual([
      { ccn: '450358', name: 'Houston Methodist Hospital', city: 'Houston', state: 'TX', hospitalType: 'Acute Care Hospitals', count: 3 },
    ]);
    // Counted over the search (state TX), its own 'Affiliated with' left out; the chosen one listed first.
    const inTexas = await premium.get('/api/directory/hospitals?state=TX&affiliatedWith=240010');
    expect(inTexas.body.hospitals.map((h: { ccn: string; count: number }) => [h.ccn, h.count])).toEqual([
      ['240010', 0],
      ['450358', 3],
      ['45S358', 1],
      ['45T358', 1],
    ]);
    const facets = await premium.get('/api/directory/facets?affiliatedWith=450358');
    expect(facets.body.facilityType).toEqual([
      { value: 'Hospital', count: 3 },
      { value: 'Inpatient rehabilitation facility', count: 1 },
      { value: 'Nursing home', count: 0 },
    ]);
  });
});

describe('sorting and paging', () => {
  it('sorts by name (last name, then first name, then id) in both directions; name ascending without a query', async () => {
    expect((await ids({})).slice(0, 3)).toEqual([24, 9, 25]); // Adams, Alvarez, Baker
    expect(await ids({ query: 'smith', sortKey: 'name' })).toEqual([3, 30, 1, 2]); // Johnson; Smith Fiona, Smith John; Smithson
    expect(await ids({ query: 'smith', sortKey: 'name', sortDirection: 'asc' })).toEqual([3, 30, 1, 2]);
    expect(await ids({ query: 'smith', sortKey: 'name', sortDirection: 'desc' })).toEqual([2, 1, 30, 3]);
    expect(await ids({ location: 'springfield', sortDirection: 'desc' })).toEqual([11, 10]); // Turner Benjamin after Abigail
  });

  it('sorts by specialty and by location (city), with a stable id tie-break and missing values last', async () => {
    expect(await ids({ specialty: 'cardiology,dermatology', sortKey: 'specialty' })).toEqual([
      1, 8, 9, 12, 21,
    ]);
    expect(
      await ids({ specialty: 'cardiology,dermatology', sortKey: 'specialty', sortDirection: 'desc' }),
    ).toEqual([21, 12, 9, 8, 1]);
    // Words starting with 'n' (Nocturnist, Northern, Nguyen): Cleveland, Minneapolis, Portland.
    expect(await ids({ query: 'n', sortKey: 'location' }).then((r) => r.slice(0, 3))).toEqual([19, 23, 12]);
    const all = await ids({ sortKey: 'location', sortDirection: 'desc' });
    expect(all[0]).toBe(6); // Tucson
    expect(all.at(-1)).toBe(24); // no city: last in both directions
    expect((await ids({ sortKey: 'specialty' })).at(-1)).toBe(24);
    expect((await ids({ sortKey: 'specialty', sortDirection: 'desc' })).at(-1)).toBe(24);
  });

  it('pages 25 at a time with the exact total; a page past the end is answered with the last page', async () => {
    const one = await premium.get('/api/physicians');
    expect(one.body).toMatchObject({ total: 30, page: 1, pageSize: 25, pageCount: 2, visibleLimit: null });
    expect(one.body.results).toHaveLength(25);
    const two = await premium.get('/api/physicians?page=2');
    expect(two.body.results).toHaveLength(5);
    expect(new Set([...one.body.results, ...two.body.results].map((r: { id: number }) => r.id)).size).toBe(
      30,
    );
    for (const past of [3, 9999]) {
      const three = await premium.get(`/api/physicians?page=${past}`);
      expect(three.status).toBe(200);
      expect(three.body).toMatchObject({ total: 30, page: 2, pageCount: 2 });
      expect(three.body.results).toEqual(two.body.results);
    }
    // No match at all: page 1 of nothing, whatever page was asked for.
    const none = await premium.get('/api/physicians?query=zzzzqqq&page=4');
    expect(none.body).toMatchObject({ total: 0, page: 1, pageCount: 0, results: [] });
  });
});

describe('tiers', () => {
  it('free and anonymous callers get only the first 20 rows with the true total', async () => {
    for (const agent of [ctx.agent(), free]) {
      const one = await agent.get('/api/physicians');
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ total: 30, page: 1, pageCount: 2, visibleLimit: 20 });
      expect(one.body.results).toHaveLength(20);
      const paid = await premium.get('/api/physicians');
      expect(one.body.results.map((r: { id: number }) => r.id)).toEqual(
        paid.body.results.slice(0, 20).map((r: { id: number }) => r.id),
      );
      // Any later page is answered with page 1, the last one they may see.
      const two = await agent.get('/api/physicians?page=2');
      expect(two.body).toMatchObject({ total: 30, page: 1, visibleLimit: 20 });
      expect(two.body.results).toEqual(one.body.results);
    }
  });

  it('basic subscribers get full pages', async () => {
    const one = await basic.get('/api/physicians');
    expect(one.body).toMatchObject({ total: 30, visibleLimit: null });
    expect(one.body.results).toHaveLength(25);
    expect((await basic.get('/api/physicians?page=2')).body.results).toHaveLength(5);
  });

  it('never sends a contact value: only hasEmail / hasPhone', async () => {
    const admin = (await ctx.signedInAgent({ role: 'admin' })).agent;
    const contactKeys = (value: unknown, path = ''): string[] => {
      if (Array.isArray(value)) return value.flatMap((v, i) => contactKeys(v, `${path}[${i}]`));
      if (!value || typeof value !== 'object') return [];
      return Object.entries(value).flatMap(([k, v]) => [
        // sources.phone says where the office number came from and when (ADR 035), never the number.
        ...(/email|phone/i.test(k) && k !== 'hasEmail' && k !== 'hasPhone' && !(path === '.sources' && k === 'phone')
          ? [`${path}.${k}`]
          : []),
        ...contactKeys(v, `${path}.${k}`),
      ]);
    };
    for (const agent of [ctx.agent(), free, basic, premium, admin]) {
      const search = await agent.get('/api/physicians?query=smith');
      expect(contactKeys(search.body)).toEqual([]);
      expect(search.text).not.toContain('@example.com');
      expect(search.text).not.toContain('555-0100');
      const profile = await agent.get('/api/physicians/1');
      expect(profile.status).toBe(200);
      expect(contactKeys(profile.body)).toEqual([]);
      expect(profile.text).not.toContain('@example.com');
    }
    const smiths = (await premium.get('/api/physicians?query=smith')).body.results;
    const byId = new Map(smiths.map((r: { id: number; hasEmail: boolean; hasPhone: boolean }) => [r.id, r]));
    expect(byId.get(1)).toMatchObject({ hasEmail: true, hasPhone: true });
    expect(byId.get(2)).toMatchObject({ hasEmail: true, hasPhone: false });
    expect(byId.get(3)).toMatchObject({ hasEmail: false, hasPhone: true });
    expect(byId.get(30)).toMatchObject({ hasEmail: false, hasPhone: false });
  });
});

describe('tiers with every sort and filter', () => {
  // One value per filter that matches at least one fixture row (the free cap must hold with any).
  // Not 'looking': free and anonymous callers' searches ignore it (outreach/looking-filter.test.ts).
  const ONE_OF_EACH: Record<Exclude<FilterKey, 'looking'>, string> = {
    specialty: 'Cardiology,Internal Medicine,Pediatrics,Neurology,Dermatology,Family Medicine',
    skills: 'e',
    education: 'MD',
    companySize: '5000+',
    companyRevenue: '<$1M',
    companyIndustry: 'Medical Practice',
    state: 'TX,CA,AZ,IL,MA,KS,MO,SC,NC,TN,UT,OH,FL,GA,OR,ME,CO,NE,WA,MN',
    licenseState: 'TX,CA,AZ,IL,MA,KS,MO,SC,NC,TN,UT,OH,FL,GA,OR,ME,CO,NE,WA,MN',
    language: 'English',
    credential: 'MD',
    location: 'a',
    title: 'i',
    organization: 'e',
    city: 'a',
    medicalSchool: 'University',
    hospitalAffiliation: 'Houston',
    affiliatedWith: '450358',
    facilityType: 'Hospital',
    imlcEligibleFor: 'TX',
    // Free and anonymous callers may filter by a whole NPI only (a prefix is a 400, tested elsewhere).
    npi: '1234567890',
    gender: 'F',
    graduationYearMin: '1980',
    graduationYearMax: '2020',
    yearsInPracticeMin: '1',
    yearsInPracticeMax: '60',
    boardCertified: 'true',
    acceptingNewPatients: 'true',
    telehealth: 'false',
    subSpecialty: 'Interventional Cardiology',
    secondarySpecialty: 'Internal Medicine',
    source: 'demo',
    near: 'Houston, TX',
    // with near (a radius alone is a 400)
    radius: '250',
    zip: '7',
    acceptingMedicaid: 'true',
    hasMobile: 'false',
    hasPersonalEmail: 'false',
    hasLinkedin: 'true',
    emailVerified: 'false',
    mobileValid: 'false',
    verifiedWithinMonths: '24',
    addedSince: '2000-01-01',
    inTraining: 'true',
    movedWithinDays: '365',
  };
  const SEARCHES: Record<string, string>[] = [
    {},
    { query: 'e' },
    ...Object.entries(ONE_OF_EACH).map(([key, value]) =>
      key === 'radius' ? { near: 'Kansas City, MO', radius: value } : { [key]: value },
    ),
  ];
  const ORDERS = SORT_KEYS.flatMap((sortKey) =>
    (['asc', 'desc'] as const).map((sortDirection) => ({ sortKey, sortDirection })),
  );

  it(
    'free and anonymous callers get at most the first 20 rows of the full order, and nothing on page 2',
    { timeout: 90_000 },
    async () => {
      let capped = 0;
      // Each search under two orders, rotating: every filter meets both directions, every sort
      // key a third of the filters.
      for (const [i, search] of SEARCHES.entries()) {
        for (const order of [ORDERS[i % ORDERS.length], ORDERS[(i + 3) % ORDERS.length]]) {
          // Distance needs a centre: without one, name instead.
          const params = {
            ...search,
            ...order,
            ...(order.sortKey === 'distance' && !search.near ? { sortKey: 'name' } : {}),
          };
          const paid = await premium.get(`/api/physicians?${qs(params)}`);
          const full = paid.body.results.map((r: { id: number }) => r.id);
          for (const agent of [ctx.agent(), free]) {
            const one = await agent.get(`/api/physicians?${qs(params)}`);
            const label = `${qs(params)}`;
            expect(one.status, label).toBe(200);
            expect(one.body.total, label).toBe(paid.body.total);
            expect(one.body.visibleLimit, label).toBe(20);
            expect(
              one.body.results.map((r: { id: number }) => r.id),
              label,
            ).toEqual(full.slice(0, 20));
            const two = await agent.get(`/api/physicians?${qs({ ...params, page: 2 })}`);
            expect(two.body.page, label).toBe(1);
            expect(two.body.results, label).toEqual(one.body.results);
          }
          if (paid.body.total > 20) capped++;
        }
      }
      // The cap was really exercised: many of these searches have more than 20 matches.
      expect(capped).toBeGreaterThanOrEqual(10);
    },
  );

  it('an admin without a subscription gets full pages', async () => {
    const admin = (await ctx.signedInAgent({ role: 'admin', tier: 'free' })).agent;
    const me = await admin.get('/api/me');
    expect(me.body.subscription.tier).toBe('free');
    const one = await admin.get('/api/physicians');
    expect(one.body).toMatchObject({ total: 30, visibleLimit: null });
    expect(one.body.results).toHaveLength(25);
    expect((await admin.get('/api/physicians?page=2')).body.results).toHaveLength(5);
  });

  it('hasEmail and hasPhone count the work email and the mobile phone too', async () => {
    // 4: only a work email; 5: only a mobile phone; 6: blank strings only (not a value).
    await ctx.db.sql.query(
      `UPDATE physician_contacts SET work_email = 'maryann.lee@pacific.example' WHERE physician_id = 4`,
    );
    await ctx.db.sql.query(
      `UPDATE physician_contacts SET mobile_phone = '(555) 555-0105' WHERE physician_id = 5`,
    );
    await ctx.db.sql.query(
      `UPDATE physician_contacts SET personal_email = '', work_email = '', mobile_phone = '', office_phone = '' WHERE physician_id = 6`,
    );
    try {
      await ctx.deps.services.directory.directoryChanged({ ids: [4, 5, 6] });
      const res = await premium.get('/api/physicians?sortKey=name');
      const byId = new Map(res.body.results.map((r: { id: number }) => [r.id, r]));
      expect(byId.get(4)).toMatchObject({ hasEmail: true, hasPhone: false });
      expect(byId.get(5)).toMatchObject({ hasEmail: false, hasPhone: true });
      expect(byId.get(6)).toMatchObject({ hasEmail: false, hasPhone: false });
      expect((await premium.get('/api/physicians/4')).body).toMatchObject({
        hasEmail: true,
        hasPhone: false,
      });
      expect((await premium.get('/api/physicians/5')).body).toMatchObject({
        hasEmail: false,
        hasPhone: true,
      });
      expect(res.text).not.toContain('pacific.example');
      expect(res.text).not.toContain('555-0105');
    } finally {
      await ctx.db.sql.query(
        `UPDATE physician_contacts SET personal_email = NULL, work_email = NULL, mobile_phone = NULL, office_phone = NULL WHERE physician_id IN (4, 5, 6)`,
      );
      await ctx.deps.services.directory.directoryChanged({ ids: [4, 5, 6] });
    }
  });
});

describe('bad parameters', () => {
  it.each([
    ['sortKey=city', 'sortKey'],
    ['sortDirection=up', 'sortDirection'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page=-1', 'page'],
    [`query=${'x'.repeat(10_000)}`, 'query'],
    ['gender=X', 'gender'],
    ['boardCertified=yes', 'boardCertified'],
    ['graduationYearMin=19x0', 'graduationYearMin'],
    ['npi=12a', 'npi'],
    [`specialty=${Array.from({ length: 51 }, (_, i) => `s${i}`).join(',')}`, 'specialty'],
    [`location=${'y'.repeat(201)}`, 'location'],
  ])('%s -> 400 naming the parameter', async (query, field) => {
    const res = await ctx.agent().get(`/api/physicians?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(Object.keys(res.body.error.fields)).toEqual([field]);
    expect(res.body.error.message).toContain(field);
  });

  it('ignores unknown parameters (the page URL also carries tab)', async () => {
    const res = await ctx.agent().get('/api/physicians?tab=results&foo=bar');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(30);
  });
});

describe('profile', () => {
  it('returns every profile field', async () => {
    const res = await ctx.agent().get('/api/physicians/1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: 1,
      npi: '1234567890',
      firstName: 'John',
      lastName: 'Smith',
      specialty: 'Cardiology',
      location: 'Houston, TX',
      skills: ['Leadership', 'Research'],
      education: [
        {
          schoolName: 'Baylor College of Medicine',
          degree: 'MD',
          field: null,
          startDate: null,
          endDate: null,
        },
        {
          schoolName: 'Baylor College of Medicine',
          degree: 'BS',
          field: null,
          startDate: null,
          endDate: null,
        },
      ],
      medicalSchool: 'Baylor College of Medicine',
      graduationYear: 2000,
      yearsInPractice: currentYear() - 2000,
      gender: 'M',
      languages: ['English', 'Spanish'],
      boardCertified: true,
      hospitalAffiliation: 'Houston Methodist',
      licenseStates: ['TX'],
      acceptingNewPatients: true,
      // The fixture: Medicaid for accepting physicians whose id is not a multiple of 3; a
      // sub-specialty for every fourth.
      acceptingMedicaid: true,
      subSpecialty: null,
      telehealth: false,
      hasEmail: true,
      hasPhone: true,
    });
    const kim = await ctx.agent().get('/api/physicians/8');
    expect(kim.body).toMatchObject({ subSpecialty: 'Interventional Cardiology', acceptingMedicaid: true });
    const haddad = await ctx.agent().get('/api/physicians/5');
    expect(haddad.body).toMatchObject({ subSpecialty: null, acceptingMedicaid: null, secondarySpecialty: 'Internal Medicine' });
    const empty = await ctx.agent().get('/api/physicians/24');
    expect(empty.body).toMatchObject({
      specialty: null,
      location: null,
      skills: [],
      education: [],
      yearsInPractice: null,
    });
  });

  it.each(['99999', 'abc', '1.5', '99999999999', '0'])(
    "GET /api/physicians/%s -> 404 'Physician Not Found'",
    async (id) => {
      const res = await ctx.agent().get(`/api/physicians/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'not_found', message: 'Physician Not Found' });
    },
  );
});

describe('specialties and facets', () => {
  it('merges specialties case-insensitively, formats them, sorts by count, and lists only the 18', async () => {
    const res = await ctx.agent().get('/api/specialties');
    expect(res.status).toBe(200);
    const list: { specialty: string; count: number }[] = res.body.specialties;
    expect(list[0]).toEqual({ specialty: 'Cardiology', count: 3 }); // 'Cardiology', 'cardiology', 'CARDIOLOGY'
    expect(list).toContainEqual({ specialty: 'OBGYN', count: 1 });
    // 'physician' and 'PHYSICIAN' are not among the 18 we sell (ADR 035): searchable, never listed.
    expect(list.map((s) => s.specialty)).not.toContain('Physician');
    expect(list.every((s) => (SPECIALTIES as readonly string[]).includes(s.specialty))).toBe(true);
    expect(list.reduce((sum, s) => sum + s.count, 0)).toBe(27); // every physician with one of the 18
    for (let i = 1; i < list.length; i++) expect(list[i - 1].count).toBeGreaterThanOrEqual(list[i].count);
    // The facets count every value found (the filter panel shows the 18 of them).
    const facets = await ctx.agent().get('/api/directory/facets');
    expect(facets.body.specialty.map((f: { value: string }) => f.value.toLowerCase())).toContain('physician');
  });

  it('lists the values behind each filter from the data', async () => {
    const res = await ctx.agent().get('/api/directory/facets');
    expect(res.status).toBe(200);
    // 'California' (stored by name) is counted with 'CA'; 'M.D.' with 'MD'.
    expect(res.body.state.slice(0, 2)).toEqual([
      { value: 'TX', count: 5 },
      { value: 'CA', count: 3 },
    ]);
    expect(res.body.credential).toEqual([
      { value: 'MD', count: 24 },
      { value: 'DO', count: 4 },
      { value: 'PA-C', count: 1 },
    ]);
    expect(res.body.education).toContainEqual({ value: 'PhD', count: 1 });
    expect(res.body.skills[0]).toEqual({ value: 'Leadership', count: 5 });
    expect(res.body.language[0]).toEqual({ value: 'English', count: 29 });
    expect(res.body.gender).toEqual([
      { value: 'M', count: 15 },
      { value: 'F', count: 14 },
    ]);
    expect(res.body.graduationYear).toEqual({ min: 1985, max: 2019 });
    expect(res.body.companySize).toHaveLength(4);
  });
});

describe('service hooks for other features', () => {
  it('selectAllIds applies the whole search (query, every filter, sort), up to the limit', () => {
    const { directory } = ctx.deps.services;
    const smith = SearchPhysiciansQuery.parse({ query: 'smith', sortKey: 'name', sortDirection: 'desc' });
    expect(directory.selectAllIds(smith)).toEqual({ ids: [2, 1, 30, 3], total: 4 });
    expect(directory.selectAllIds(smith, 2)).toEqual({ ids: [2, 1], total: 4 });
    // With a query and no sort: relevance, as on the page (it has no direction).
    const byRelevance = SearchPhysiciansQuery.parse({ query: 'smith', sortDirection: 'desc' });
    expect(directory.selectAllIds(byRelevance)).toEqual({ ids: [30, 1, 3, 2], total: 4 });
    // The filter counts too: only the pediatrician among the Smiths.
    const filtered = SearchPhysiciansQuery.parse({
      query: 'smith',
      specialty: 'Pediatrics',
      sortDirection: 'desc',
    });
    expect(directory.selectAllIds(filtered)).toEqual({ ids: [2], total: 1 });
    const texas = SearchPhysiciansQuery.parse({ state: 'TX', sortKey: 'location' });
    expect(directory.selectAllIds(texas)).toEqual({ ids: [21, 9, 26, 1, 25], total: 5 });
    expect(directory.selectAllIds(SearchPhysiciansQuery.parse({})).ids).toHaveLength(30);
    expect(directory.selectAllIds(SearchPhysiciansQuery.parse({}), 10_000).ids).toHaveLength(30);
  });

  it('filterIds keeps the given ids that match the query, ordered by name', () => {
    const { directory } = ctx.deps.services;
    expect(directory.filterIds([30, 2, 1, 3, 99999], undefined)).toEqual([3, 30, 1, 2]);
    expect(directory.filterIds([30, 2, 1, 3, 99999], 'smith')).toEqual([3, 30, 1, 2]);
    expect(directory.filterIds([30, 2, 1, 3, 4, 8], 'cardio')).toEqual([8, 1]);
    expect(directory.filterIds([1, 8, 9, 30], 'cardiology')).toEqual([9, 8, 1]);
    expect(directory.filterIds([], 'smith')).toEqual([]);
  });

  it('getPhysiciansByIds returns summaries in the order asked, skipping unknown ids', async () => {
    const rows = await ctx.deps.services.directory.getPhysiciansByIds([30, 99999, 2, 30, 1]);
    expect(rows.map((r) => r.id)).toEqual([30, 2, 1]);
    expect(rows[0]).not.toHaveProperty('email');
  });

  it("a page's summaries (read as one text) agree with the profiles, also when values hold its separators", async () => {
    const rollback = new Error('rollback');
    const check = ctx.db.transaction(async (tx) => {
      // Written in a transaction that is rolled back: the other tests' directory stays the same.
      const odd = {
        middleName: '\u001d',
        organization: '',
        city: ' ',
        state: 'TX',
        skills: ['a"b', 'c\\d', 'e\u001cf'],
        education: [
          { schoolName: 'School One', degree: 'MD', field: 'Medicine', startDate: '1990', endDate: '1994' },
          { degree: 'BS' },
          'junk',
        ],
        verifiedAt: '2026-03-04T05:06:07.891234Z',
        movedOn: '2026-01-02',
        inTraining: true,
        linkedinUrl: 'https://www.linkedin.com/in/ann',
      };
      // 901's values hold the line's separators (read again as JSON); 902's only odd values.
      await insertPhysician(tx, { ...odd, id: 901, firstName: 'Ann\u001fMarie', lastName: "O'Neil\u001e" });
      await insertPhysician(tx, { ...odd, id: 902, firstName: 'Ann', lastName: "O'Neil" });
      await tx.sql.query(
        `INSERT INTO physician_contacts (physician_id, work_email, mobile_phone, mobile_phone_verification)
         VALUES (901, 'ann@example.com', '(555) 555-0101', 'invalid'), (902, 'ann@example.com', '(555) 555-0101', 'invalid')`,
      );
      let statements = 0;
      const counted = { sql: { ...tx.sql, query: ((text, params) => (statements++, tx.sql.query(text, params))) as typeof tx.sql.query } };
      for (const [ids, expected] of [
        [[901, ...ALL_IDS], 2],
        [[902, ...ALL_IDS], 1],
      ] as const) {
        statements = 0;
        const summaries = await findSummariesByIds(counted, ids);
        expect(statements).toBe(expected);
        expect(summaries.map((s) => s.id)).toEqual(ids);
        for (const summary of summaries) {
          const profile = await findProfile(tx, summary.id, currentYear());
          const fromProfile = Object.fromEntries(Object.keys(summary).map((key) => [key, profile![key as keyof typeof profile]]));
          expect(summary).toEqual(fromProfile);
        }
        expect(summaries[0]).toMatchObject({
          middleName: '\u001d',
          organization: '',
          location: 'TX',
          skills: ['a"b', 'c\\d', 'e\u001cf'],
          education: [{ schoolName: 'School One', degree: 'MD', field: 'Medicine', startDate: '1990', endDate: '1994' }],
          verifiedAt: '2026-03-04T05:06:07.891Z',
          movedOn: '2026-01-02',
          inTraining: true,
          hasEmail: true,
          hasPhone: false,
        });
        expect(summaries.find((s) => s.id === 24)).toMatchObject({ npi: null, title: null, organization: null, location: null });
      }
      throw rollback;
    });
    await expect(check).rejects.toBe(rollback);
  });

  it('the index follows writes after directoryChanged()', async () => {
    const { directory } = ctx.deps.services;
    await insertFixture({
      id: 31,
      first: 'Quentin',
      last: 'Zylstra',
      specialty: 'cardiology',
      city: 'Reno',
      state: 'NV',
      skills: ['Leadership'],
    });
    expect(await matching({ query: 'zylstra' })).toEqual([]); // not yet announced
    await directory.directoryChanged({ ids: [31] });
    expect(await matching({ query: 'zylstra' })).toEqual([31]);
    expect((await ctx.agent().get('/api/specialties')).body.specialties[0]).toEqual({
      specialty: 'Cardiology',
      count: 4,
    });

    await ctx.db.sql.query("UPDATE physicians SET last_name = 'Ashby', specialty = 'Urology' WHERE id = 31");
    await directory.directoryChanged({ ids: [31] });
    expect(await matching({ query: 'zylstra' })).toEqual([]);
    expect(await ids({ query: 'ashby' })).toEqual([31]);
    expect((await ids({})).slice(0, 3)).toEqual([24, 9, 31]); // Adams, Alvarez, Ashby
    expect(await matching({ specialty: 'urology' })).toEqual([23, 31]);

    await ctx.db.sql.query('DELETE FROM physicians WHERE id = 31');
    await directory.directoryChanged({ ids: [31] });
    expect(await matching({ query: 'ashby' })).toEqual([]);
    expect((await premium.get('/api/physicians')).body.total).toBe(30);
    expect((await ctx.agent().get('/api/specialties')).body.specialties[0]).toEqual({
      specialty: 'Cardiology',
      count: 3,
    });

    // A full reload (no ids) gives the same answers.
    await directory.directoryChanged();
    expect(await matching({ query: 'smith' })).toEqual([1, 2, 3, 30]);
    expect(directory.index.deadRows).toBe(0);
  });

  it('a burst of small changes is applied as one, and a change of nothing searched makes no new version', async () => {
    const { directory } = ctx.deps.services;
    const names = (await ctx.db.sql.query<{ id: number; last_name: string }>('SELECT id, last_name FROM physicians WHERE id IN (4, 5, 6) ORDER BY id')).rows;
    const version = directory.index.version;
    // A change the index does not hold (a contact's check date) leaves the version as it is.
    await ctx.db.sql.query('UPDATE physician_contacts SET checked_at = checked_at WHERE physician_id = 4');
    await directory.directoryChanged({ ids: [4] });
    expect(directory.index.version).toBe(version);
    for (const [i, id] of [4, 5, 6].entries())
      await ctx.db.sql.query(`UPDATE physicians SET last_name = $2 WHERE id = $1`, [id, `Burstname${i}`]);
    // Three announcements at once (as three requests' commits would make them): one new version.
    await Promise.all([4, 5, 6].map((id) => directory.directoryChanged({ ids: [id] })));
    expect(directory.index.version).toBe(version + 1);
    expect(await matching({ query: 'burstname0' })).toEqual([4]);
    expect(await matching({ query: 'burstname2' })).toEqual([6]);
    for (const { id, last_name } of names) await ctx.db.sql.query('UPDATE physicians SET last_name = $2 WHERE id = $1', [id, last_name]);
    await directory.directoryChanged({ ids: [4, 5, 6] });
    expect(await matching({ query: 'burstname1' })).toEqual([]);
  });
});

describe('relevance, several-word queries and live facets (ADR 020)', () => {
  // prettier-ignore
  const EXTRA: Fixture[] = [
    { id: 40, first: 'Adam', last: 'Blacksmith', title: 'Hospitalist', specialty: 'Internal Medicine', org: 'Smith Family Practice', city: 'Boston', state: 'MA', skills: ['Communication'], degrees: ['MD'], credential: 'MD', year: 2010, gender: 'M', languages: ['English'], board: true, npi: '1555000040' },
    { id: 41, first: 'Nora', last: 'Ames', title: 'Cardiologist', specialty: 'Cardiology', org: 'Beacon Heart', city: 'Boston', state: 'MA', skills: ['Echocardiography'], degrees: ['MD'], credential: 'MD', year: 2011, gender: 'F', languages: ['English', 'Spanish'], board: true, npi: '1555000041' },
    { id: 42, first: 'Paul', last: 'Reed', title: 'Medical Director of Cardiology', specialty: 'Interventional Cardiology', org: 'North Shore Medical', city: 'Salem', state: 'Massachusetts', skills: ['Leadership'], degrees: ['MD'], credential: 'MD', year: 1997, gender: 'M', languages: ['English'], board: true, npi: '1555000042' },
    { id: 43, first: 'Zara', last: 'Abbott', title: 'Physician', specialty: 'Cardiology', org: 'Interventional Cardiology Associates', city: 'Boston', state: 'MA', skills: ['Leadership'], degrees: ['DO'], credential: 'DO', year: 2015, gender: 'F', languages: ['English'], board: false, npi: '1555000043' },
  ];
  beforeAll(async () => {
    for (const p of EXTRA) await insertFixture(p);
    await ctx.deps.services.directory.directoryChanged({ ids: EXTRA.map((p) => p.id) });
  });
  afterAll(async () => {
    await ctx.db.sql.query('DELETE FROM physicians WHERE id = ANY($1)', [EXTRA.map((p) => p.id)]);
    await ctx.deps.services.directory.directoryChanged({ ids: EXTRA.map((p) => p.id) });
  });

  it("'smith' puts the Smiths first: exact last name, exact first name, name prefix, then other matches", async () => {
    // 30 Fiona Smith, 1 John Smith (last name, by first name); 3 Smith Johnson (first name);
    // 2 Jane Smithson (prefix); 40 Adam Blacksmith of 'Smith Family Practice' (partial).
    expect(await ids({ query: 'smith' })).toEqual([30, 1, 3, 2, 40]);
    expect(await ids({ query: 'smith', sortKey: 'relevance' })).toEqual([30, 1, 3, 2, 40]);
    // Relevance has no direction; the name sort still has both.
    expect(await ids({ query: 'smith', sortKey: 'relevance', sortDirection: 'desc' })).toEqual([
      30, 1, 3, 2, 40,
    ]);
    expect(await ids({ query: 'smith', sortKey: 'name' })).toEqual([40, 3, 30, 1, 2]);
    // A full name first, then the name rule's other readings.
    expect(await ids({ query: 'john smith' })).toEqual([1, 3]);
    expect(await ids({ query: 'smith john' })).toEqual([1, 3]);
    // Without a query, relevance is the name order.
    expect((await ids({ sortKey: 'relevance' })).slice(0, 4)).toEqual([43, 24, 9, 41]);
  });

  it('several words also match when every word matches one of the searched fields', async () => {
    // Both words whole words of the title: 17 Brooks, 42 Reed, by name.
    expect(await ids({ query: 'medical director' })).toEqual([17, 42]);
    // A specialty phrase (the recruiter vocabulary): the sub-specialty, or a specialty holding that
    // name (42), in name order; not 43, whose company only is called 'Interventional Cardiology'.
    expect(await ids({ query: 'interventional cardiology' })).toEqual([24, 40, 28, 8, 4, 12, 16, 42, 20]);
    // A specialty and a city: Abbott, Ames.
    expect(await ids({ query: 'cardiology boston' })).toEqual([43, 41]);
    // 'city, state' as a location: Boston and MA (42 is in Massachusetts, not Boston).
    expect(await ids({ query: 'Boston, MA' })).toEqual([43, 41, 40, 2]);
    expect(await ids({ query: 'boston,ma' })).toEqual([43, 41, 40, 2]);
    expect(await ids({ query: 'cardiology, massachusetts' })).toEqual([43, 41, 42]);
    expect(await ids({ query: 'Boston, TX' })).toEqual([]);
    // One word keeps the spec's six fields: a city alone is not searched.
    expect(await ids({ query: 'boston' })).toEqual([]);
    // Filters still apply on top.
    expect(await ids({ query: 'cardiology boston', credential: 'MD' })).toEqual([41]);
  });

  it('relevance order equals the reference SQL and is stable across pages (no id twice, none missing)', async () => {
    for (const query of [
      'e',
      'c',
      'smith',
      'an',
      'card',
      'medical director',
      'john smith',
      'Boston, MA',
      'ann lee',
    ]) {
      const request = SearchPhysiciansQuery.parse({ query });
      const criteria = toCriteria(request);
      const sort = { sortKey: 'relevance' as const, sortDirection: 'asc' as const, offset: 0, limit: 100 };
      const fromSql = await naiveSearch(ctx.db, criteria, sort);
      expect(ctx.deps.services.directory.index.search(criteria, sort), query).toEqual(fromSql);
      const paged = await ids({ query }); // page after page through the API
      expect(paged, query).toEqual(fromSql.ids);
    }
    // Word prefixes leave no query of this fixture more than 25 matches: the index pages by 10.
    const criteria = toCriteria(SearchPhysiciansQuery.parse({ query: 'c' }));
    const sort = { sortKey: 'relevance' as const, sortDirection: 'asc' as const };
    const all: number[] = [];
    for (let offset = 0; ; offset += 10) {
      const page = ctx.deps.services.directory.index.search(criteria, { ...sort, offset, limit: 10 });
      all.push(...page.ids);
      if (page.ids.length < 10) break;
    }
    expect(all.length).toBeGreaterThan(20); // really three pages
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual((await naiveSearch(ctx.db, criteria, { ...sort, offset: 0, limit: 100 })).ids);
    expect(sorted(all)).toEqual(await matching({ query: 'c', sortKey: 'name' }));
  });

  type Facets = Record<string, { value: string; count: number }[]> & {
    graduationYear: { min: number | null; max: number | null };
  };
  const FACET_SQL: Record<
    string,
    { from: string; value: string; key: (v: string) => string; clear: (c: SearchCriteria) => void }
  > = {
    specialty: {
      from: 'physicians',
      value: 'specialty',
      key: (v) => formatSpecialty(v).toLowerCase(),
      clear: (c) => (c.specialty = []),
    },
    state: {
      from: 'physicians',
      value: 'state',
      key: (v) => stateCode(v.trim()).toLowerCase(),
      clear: (c) => (c.state = []),
    },
    companySize: {
      from: 'physicians',
      value: 'organization_size',
      key: (v) => v.trim().toLowerCase(),
      clear: (c) => (c.companySize = []),
    },
    companyRevenue: {
      from: 'physicians',
      value: 'organization_revenue',
      key: (v) => v.trim().toLowerCase(),
      clear: (c) => (c.companyRevenue = []),
    },
    companyIndustry: {
      from: 'physicians',
      value: 'organization_industry',
      key: (v) => v.trim().toLowerCase(),
      clear: (c) => (c.companyIndustry = []),
    },
    credential: {
      from: 'physicians',
      value: 'credential',
      key: normalizeCode,
      clear: (c) => (c.credential = []),
    },
    gender: {
      from: 'physicians',
      value: 'gender',
      key: (v) => v.trim().toLowerCase(),
      clear: (c) => (c.gender = null),
    },
    skills: {
      from: 'physicians, unnest(skills) x',
      value: 'x',
      key: (v) => v.trim().toLowerCase(),
      clear: (c) => (c.skills = []),
    },
    language: {
      from: 'physicians, unnest(languages) x',
      value: 'x',
      key: (v) => v.trim().toLowerCase(),
      clear: (c) => (c.language = []),
    },
    education: {
      from: 'physicians, jsonb_array_elements(education) e',
      value: "e->>'degree'",
      key: normalizeCode,
      clear: (c) => (c.education = []),
    },
  };

  /** The facets computed from SQL: the reference search's WHERE without the facet's own filter. */
  async function facetsFromSql(
    input: SearchPhysiciansQueryInput,
  ): Promise<Record<string, [string, number][]>> {
    const out: Record<string, [string, number][]> = {};
    for (const [facet, spec] of Object.entries(FACET_SQL)) {
      const criteria = toCriteria(SearchPhysiciansQuery.parse(input));
      spec.clear(criteria);
      const { where, params } = naiveSearchSql(criteria, {
        sortKey: 'name',
        sortDirection: 'asc',
        offset: 0,
        limit: 1,
      });
      const count = async (sqlWhere: string, sqlParams: unknown[]) => {
        const { rows } = await ctx.db.sql.query<{ v: string | null; n: number }>(
          `SELECT ${spec.value} AS v, count(DISTINCT physicians.id)::int AS n FROM ${spec.from} ${sqlWhere} GROUP BY 1`,
          sqlParams,
        );
        const merged = new Map<string, number>();
        for (const row of rows) {
          if (row.v == null || !row.v.trim()) continue;
          const key = spec.key(row.v);
          merged.set(key, (merged.get(key) ?? 0) + row.n);
        }
        return merged;
      };
      const live = await count(where, params);
      const present = await count('', []);
      out[facet] = [...present.keys()].map((key): [string, number] => [key, live.get(key) ?? 0]).sort();
    }
    const years = toCriteria(SearchPhysiciansQuery.parse(input));
    years.graduationYearMin = null;
    years.graduationYearMax = null;
    const { where, params } = naiveSearchSql(years, {
      sortKey: 'name',
      sortDirection: 'asc',
      offset: 0,
      limit: 1,
    });
    const { rows } = await ctx.db.sql.query<{ min: number | null; max: number | null }>(
      `SELECT min(graduation_year) AS min, max(graduation_year) AS max FROM physicians ${where}`,
      params,
    );
    out.graduationYear = [[String(rows[0].min), rows[0].max ?? -1]];
    return out;
  }

  it('facet counts follow the query and the other filters (each filter ignores its own selection), as the SQL counts them', async () => {
    const combos: SearchPhysiciansQueryInput[] = [
      {},
      { query: 'cardiology' },
      { query: 'cardiology', specialty: 'Cardiology' },
      { specialty: 'Cardiology,Neurology', state: 'TX' },
      { query: 'e', gender: 'F', language: 'Spanish' },
      { skills: 'Leadership', education: 'MD', credential: 'MD' },
      { query: 'Boston, MA', companySize: '5000+' },
      { location: 'tx', boardCertified: 'true', graduationYearMin: '1995' },
      { query: 'medical director', yearsInPracticeMin: '5' },
    ];
    for (const input of combos) {
      const label = JSON.stringify(input);
      const res = await ctx.agent().get(`/api/directory/facets?${qs(input as Record<string, string>)}`);
      expect(res.status, label).toBe(200);
      const body = res.body as Facets;
      const expected = await facetsFromSql(input);
      for (const [facet, spec] of Object.entries(FACET_SQL)) {
        const list = body[facet];
        const got = list.map((f): [string, number] => [spec.key(f.value), f.count]).sort();
        expect(got, `${label} ${facet}`).toEqual(expected[facet]);
        for (let i = 1; i < list.length; i++)
          expect(list[i - 1].count, `${label} ${facet} order`).toBeGreaterThanOrEqual(list[i].count);
      }
      const [[min, max]] = expected.graduationYear;
      expect(body.graduationYear, label).toEqual({
        min: min === 'null' ? null : Number(min),
        max: max === -1 ? null : max,
      });
    }
  });

  it('facets by hand: the Cardiology filter does not narrow its own counts, the other filters do', async () => {
    const res = await ctx.agent().get('/api/directory/facets?query=cardiology&specialty=Cardiology&state=MA');
    expect(res.status).toBe(200);
    const count = (facet: string, value: string) =>
      (res.body[facet] as { value: string; count: number }[]).find((f) => f.value === value)?.count;
    // query 'cardiology' in MA: 41 Ames, 42 Reed (Interventional Cardiology), 43 Abbott.
    expect(count('specialty', 'Cardiology')).toBe(2);
    expect(count('specialty', 'Interventional Cardiology')).toBe(1);
    expect(count('specialty', 'Family Medicine')).toBe(0); // listed, none now
    // state ignores the state filter: query + Cardiology (partial: 'Interventional Cardiology' too).
    expect(count('state', 'MA')).toBe(3);
    expect(count('state', 'TX')).toBe(2); // 1 Smith, 9 Alvarez
    expect(count('state', 'CA')).toBe(1); // 8 Kim
    expect(count('gender', 'F')).toBe(2);
    // An NPI prefix is for subscribers only, as in the search.
    expect((await ctx.agent().get('/api/directory/facets?npi=155')).status).toBe(400);
    expect((await ctx.agent().get('/api/directory/facets?sortKey=up')).status).toBe(400);
  });
});
