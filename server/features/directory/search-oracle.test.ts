import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FILTER_KEYS,
  LOOKING_OPTIONS,
  SearchPhysiciansQuery,
  SORT_KEYS,
  type FilterKey,
  type SearchPhysiciansQueryInput,
} from '../../../contract/directory';
import { US_STATES } from '../../../contract/directory-options';
import { IMLC_ISSUING_STATES } from '../../../contract/affiliations';
import { loadDemoDirectory } from '../../db/seed/demo';
import { createTestContext, type TestAgent } from '../../test/harness';
import { insertPhysician } from '../../test/support/physicians';
import { IdSet, resolveSort, toCriteria, type SearchCriteria } from './search-index/query/criteria';
import { naiveSearch } from '../../test/support/directory/naive-search';

/*
 * The random oracle: a few hundred seeded random searches (every filter kind, one to three words,
 * every sort and direction, pages, every tier) through the API (the in-memory index), each
 * compared with the reference SQL (naive-search.ts) on the same database: the demo generator's
 * directory plus a messy fixture (accents, padding, mixed case, state names and codes, NULL and
 * empty values, LIKE wildcards, and the separator characters that send the index build to its
 * blanked fallback read). Any difference fails with the seed; replay it with
 *   ORACLE_SEED=<seed> npx vitest run server/features/directory/search-oracle.test.ts
 * ORACLE_CASES sets how many searches run (250).
 */

const SEED = process.env.ORACLE_SEED ? Number(process.env.ORACLE_SEED) : randomInt(2 ** 31);
const CASES = Number(process.env.ORACLE_CASES ?? 250);
const DEMO_ROWS = 3000;
const REPLAY = `replay with ORACLE_SEED=${SEED}`;

/** mulberry32: small, seedable, good enough to pick test cases. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)];
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}

type Messy = {
  first: string;
  last: string;
  title?: string | null;
  specialty?: string | null;
  org?: string | null;
  city?: string | null;
  state?: string | null;
  skills?: string[];
  degrees?: (string | null)[];
  credential?: string | null;
  school?: string | null;
  hospital?: string | null;
  year?: number | null;
  gender?: 'M' | 'F' | null;
  languages?: string[];
  licenses?: string[];
  size?: string | null;
  revenue?: string | null;
  industry?: string | null;
  npi?: string | null;
  flags?: [boolean | null, boolean | null, boolean | null];
  zip?: string | null;
  sub?: string | null;
  aff?: { ccn: string; type: string; parent: string | null }[];
};

// prettier-ignore
const MESSY: Messy[] = [
  // Accents: 'Álvarez' must sort next to 'Alvarez' (ADR 005), in every case and padding.
  { first: 'Hector', last: 'Álvarez', specialty: 'Cardiología', city: 'San José', state: 'CA', skills: ['Ecografía', 'Liderazgo'], languages: ['Español', 'English'], npi: '1999000001' },
  { first: 'Hector', last: 'Alvarez', specialty: 'Cardiology', city: 'San Jose', state: 'California', skills: ['Echocardiography'], npi: '1999000002' },
  { first: 'ana', last: 'ALVAREZ', specialty: 'cardiology', city: 'SAN JOSE', state: 'ca', skills: ['ECHO'] },
  { first: ' Beatriz', last: ' álvarez ', specialty: ' Cardiology ', city: ' San José ', state: ' Ca ', title: '  Cardiologist  ' },
  { first: 'Éric', last: 'Núñez', specialty: 'Pédiatrie', city: 'Québec', state: 'NY', org: 'Hôpital Saint-Éloi', title: 'Médecin' },
  { first: 'Eric', last: 'Nunez', specialty: 'Pediatrics', city: 'Quebec', state: 'New York', org: 'Hopital Saint-Eloi', title: 'Medecin' },
  { first: 'Zoë', last: 'Müller', city: 'Zürich', state: 'new york', org: 'Grüne Klinik' },
  { first: 'Zoe', last: 'Muller', city: 'Zurich', state: 'NEW YORK' },
  { first: 'Søren', last: 'Øster', city: 'Ålesund', state: 'wa' },
  { first: 'Łukasz', last: 'Łęcki', city: 'Łódź', state: 'Washington' },
  { first: 'Çağrı', last: 'Şahin', city: 'İzmir', state: 'WA ' },
  { first: 'François', last: "O'Brien-Côté", specialty: 'Médecine Interne', state: 'TX' },
  // Padding and case.
  { first: '  john ', last: ' smith  ', title: ' staff PHYSICIAN ', specialty: '  physician ', city: ' houston', state: ' tx', org: ' HEART center ' },
  { first: 'JOHN', last: 'SMITH', specialty: 'Physician', city: 'HOUSTON', state: 'Texas', credential: ' m.d. ', degrees: [' md', 'M.D.'] },
  { first: 'John', last: 'Smith', specialty: 'PHYSICIAN ASSISTANT', city: 'Houston ', state: 'TEXAS', credential: 'MD' },
  { first: 'jane', last: 'smith', city: '\tBoston', state: '\tMA\n', specialty: 'Family Medicine\t', skills: [' Leadership ', 'RESEARCH'] },
  // NULL and empty values.
  { first: '', last: '', title: '', specialty: '', org: '', city: '', state: '', credential: '', school: '', hospital: '', size: '', revenue: '', industry: '' },
  { first: ' ', last: '  ', title: null, specialty: null, org: null, city: null, state: null, credential: null, school: null, hospital: null, year: null, gender: null, npi: null, flags: [null, null, null] },
  { first: 'Nora', last: 'Null', skills: ['', ' '], languages: [''], licenses: [''], degrees: [null, ''] },
  // LIKE wildcards and escapes taken literally.
  { first: 'Percy', last: '100% Care', org: '100% Care Clinic', title: 'Chief_Officer', city: 'C_ty', state: 'OR' },
  { first: 'Under', last: 'Score_Name', org: 'Under_score & Co', title: 'Director\\Lead', city: 'Back\\slash' },
  // Separator characters (the index's wire format): they send a batch to the blanked read.
  { first: 'Sep\u001fFirst', last: 'Smith\u001fJones', title: 'Staff\u001fPhysician', specialty: 'Internal\u001fMedicine', org: 'Org\u001eName', city: 'Salt\u001fLake City', state: 'UT\u001f', skills: ['Skill\u001fOne', 'Two\u001eSkills'] },
  { first: 'Unit', last: 'Separator\u001c', title: 'Group\u001dSep', specialty: '\u001d', org: '\u001d', city: 'New\u001cYork', state: '\u001cNY', credential: 'M\u001fD' },
  { first: '\u001eRecord', last: 'Sep\u001e', city: '\u001f', state: '\u001e', hospital: 'Mercy\u001fGeneral', school: 'State\u001eUniversity' },
  // Odd NPIs and years.
  { first: 'Pad', last: 'Npi', npi: ' 1999000009', year: 1970, gender: 'F', zip: ' 77030 ' },
  { first: 'Short', last: 'Npi', npi: '19990', year: 2026, gender: 'M', flags: [true, false, true], zip: '77030-1234', sub: ' interventional cardiology ' },
  // Odd ZIPs: short, letters, a separator character, ZIP+4 without a dash.
  { first: 'Zip', last: 'Short', city: 'Houston', state: 'TX', zip: '7703' },
  { first: 'Zip', last: 'Letters', city: 'Houston', state: 'TX', zip: 'ABCDE' },
  { first: 'Zip', last: 'Separator', city: 'Houston', state: 'TX', zip: '\u001f77002' },
  { first: 'Zip', last: 'Nine', city: 'Boston', state: 'MA', zip: '021151234', sub: 'Hand Surgery' },
  { first: 'Zip', last: 'Unknown', city: 'Nowhere', state: 'TX', zip: '00000' },
  // Facilities (ADR 063): an unknown CCN, a unit with a parent the hospitals table holds or not, odd type spellings.
  { first: 'Aff', last: 'Unknown', state: 'TX', aff: [{ ccn: '459999', type: 'Hospice', parent: null }] },
  { first: 'Aff', last: 'Unit', state: 'TX', aff: [{ ccn: '45T001', type: 'Inpatient rehabilitation facility', parent: '450001' }, { ccn: '455123', type: ' nursing home ', parent: null }] },
  { first: 'Aff', last: 'Empty', state: 'TX', aff: [] },
];

// Hundreds of searches per tier: the directory rate limits (120/min per user, 60 per IP) are raised.
const ctx = await createTestContext({ env: { RATE_LIMIT_FACTOR: '100' } });
afterAll(() => ctx.close());

/** Days before today of the messy rows' moves (null: never moved), the filter's edges among them. */
const MOVED_DAYS_AGO = [null, 0, 29, 30, 31, 89, 90, 91, 179, 180, 181, 364, 365, 366, 2000, -3];

async function insertMessy(p: Messy, id: number) {
  const flags = p.flags ?? [id % 2 === 0, id % 3 === 0 ? null : true, id % 5 === 0];
  const daysAgo = MOVED_DAYS_AGO[id % MOVED_DAYS_AGO.length];
  await insertPhysician(ctx.db, {
    id,
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
    education: (p.degrees ?? []).map((degree) => ({ schoolName: 'School', degree })),
    medicalSchool: p.school ?? null,
    graduationYear: p.year ?? null,
    gender: p.gender ?? null,
    languages: p.languages ?? [],
    boardCertified: flags[0],
    hospitalAffiliation: p.hospital ?? null,
    licenseStates: p.licenses ?? [],
    affiliations: p.aff ?? null,
    acceptingNewPatients: flags[1],
    telehealth: flags[2],
    zip: p.zip ?? null,
    subSpecialty: p.sub ?? null,
    source: id % 2 === 0 ? 'resume' : 'nppes',
    inTraining: id % 4 === 1,
    // The database's day (current_date, UTC here) less daysAgo.
    movedOn: daysAgo === null ? null : new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10),
  });
}

/** The values searches are drawn from: every physician's fields, as stored. */
type Pools = Record<
  | 'first'
  | 'last'
  | 'title'
  | 'specialty'
  | 'org'
  | 'city'
  | 'state'
  | 'school'
  | 'hospital'
  | 'credential'
  | 'size'
  | 'revenue'
  | 'industry'
  | 'npi'
  | 'skill'
  | 'language'
  | 'license'
  | 'degree'
  | 'subSpecialty'
  | 'secondarySpecialty'
  | 'zip'
  | 'near'
  | 'ccn'
  | 'facilityType'
  | 'hospitalWord',
  string[]
>;
let pools: Pools;
let agents: { name: string; agent: TestAgent; paid: boolean }[];

beforeAll(async () => {
  await loadDemoDirectory(ctx.driver, { count: DEMO_ROWS });
  // Messy rows between and after the demo ids (the id order is the tie-break).
  for (let k = 0; k < MESSY.length; k++) await insertMessy(MESSY[k], DEMO_ROWS + 1 + k * 3);
  await ctx.deps.services.directory.directoryChanged();
  // What some physicians said in the preference centre (ADR 066): each status, and some wanting no email.
  await ctx.db.sql.query(
    `INSERT INTO outreach_preferences (physician_id, status, monthly_max)
     SELECT id, (ARRAY['looking', 'open', 'not_looking'])[1 + id % 3], CASE WHEN id % 4 = 0 THEN 0 ELSE 1 + id % 4 END
       FROM physicians WHERE id % 5 < 2`,
  );
  lookingSets = { now: await lookingSet('now'), open: await lookingSet('open') };
  expect(lookingSets.now.ids.length).toBeGreaterThan(0);

  const { rows } = await ctx.db.sql.query<
    Record<string, string | null> & {
      skills: string[];
      languages: string[];
      license_states: string[];
      degrees: string[] | null;
      ccns: string[] | null;
      facility_types: string[] | null;
      hospital_words: string[] | null;
    }
  >(
    `SELECT first_name, last_name, title, specialty, organization, city, state, medical_school,
       hospital_affiliation, credential, organization_size, organization_revenue, organization_industry,
       npi, skills, languages, license_states, sub_specialty, secondary_specialty, zip,
       CASE WHEN city IS NOT NULL AND state IS NOT NULL THEN city || ', ' || state END AS near,
       (SELECT array_agg(e->>'degree') FROM jsonb_array_elements(education) e) AS degrees,
       (SELECT array_agg(coalesce(a->>'parent', a->>'ccn')) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(affiliations) = 'array' THEN affiliations ELSE '[]' END) a) AS ccns,
       (SELECT array_agg(a->>'type') FROM jsonb_array_elements(CASE WHEN jsonb_typeof(affiliations) = 'array' THEN affiliations ELSE '[]' END) a) AS facility_types,
       (SELECT array_agg(split_part(h.name, ' ', 1)) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(affiliations) = 'array' THEN affiliations ELSE '[]' END) a
          JOIN hospitals h ON h.ccn = a->>'ccn') AS hospital_words
     FROM physicians ORDER BY id`,
  );
  const values = (get: (r: (typeof rows)[number]) => (string | null)[] | string | null) =>
    rows.flatMap((r) => {
      const v = get(r);
      return (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');
    });
  pools = {
    first: values((r) => r.first_name),
    last: values((r) => r.last_name),
    title: values((r) => r.title),
    specialty: values((r) => r.specialty),
    org: values((r) => r.organization),
    city: values((r) => r.city),
    state: [...values((r) => r.state), ...US_STATES.map((s) => s.name)],
    school: values((r) => r.medical_school),
    hospital: values((r) => r.hospital_affiliation),
    credential: values((r) => r.credential),
    size: values((r) => r.organization_size),
    revenue: values((r) => r.organization_revenue),
    industry: values((r) => r.organization_industry),
    npi: values((r) => r.npi),
    skill: values((r) => r.skills),
    language: values((r) => r.languages),
    license: values((r) => r.license_states),
    degree: values((r) => r.degrees ?? []),
    subSpecialty: values((r) => r.sub_specialty),
    secondarySpecialty: values((r) => r.secondary_specialty),
    zip: values((r) => r.zip),
    near: values((r) => r.near),
    ccn: values((r) => r.ccns ?? []),
    facilityType: values((r) => r.facility_types ?? []),
    hospitalWord: values((r) => r.hospital_words ?? []),
  };

  agents = [
    { name: 'anonymous', agent: ctx.agent(), paid: false },
    { name: 'free', agent: (await ctx.signedInAgent({ tier: 'free' })).agent, paid: false },
    { name: 'basic', agent: (await ctx.signedInAgent({ tier: 'basic' })).agent, paid: true },
    { name: 'premium', agent: (await ctx.signedInAgent({ tier: 'premium' })).agent, paid: true },
    {
      name: 'admin on free',
      agent: (await ctx.signedInAgent({ role: 'admin', tier: 'free' })).agent,
      paid: true,
    },
  ];
});

type Random = ReturnType<typeof prng>;

// Strings that are not in the data but must behave: wildcards, escapes, accents, odd case.
const ODD = ['%', '_', '\\', '%_', "o'", 'á', 'ÁLV', 'é', 'ñ', 'ü', 'ø', 'zz', 'e', 'a', 'MD', 'm.d.'];

/** A piece of a stored value as a user might type it: partial, re-cased, maybe padded. */
function fragment(r: Random, value: string): string {
  let text = value;
  if (r.chance(0.6) && text.length > 2) {
    const length = 1 + r.int(Math.min(text.length, 7));
    const start = r.int(text.length - length + 1);
    text = text.slice(start, start + length);
  }
  const casing = r.int(4);
  if (casing === 1) text = text.toUpperCase();
  if (casing === 2) text = text.toLowerCase();
  if (r.chance(0.1)) text = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  if (r.chance(0.1)) text = `  ${text} `;
  return text;
}

/** A word or fragment from `pool`, now and then one of the odd strings. */
function from(r: Random, pool: string[]): string {
  if (r.chance(0.1) || pool.length === 0) return r.pick(ODD);
  return fragment(r, r.pick(pool));
}

function several(r: Random, pool: string[], whole = true): string {
  const n = 1 + r.int(3);
  return Array.from({ length: n }, () => {
    if (!whole) return from(r, pool);
    const value = r.chance(0.9) ? r.pick(pool) : r.pick(ODD);
    return r.chance(0.3) ? value.toUpperCase() : value;
  })
    .map((v) => v.replaceAll(',', ' '))
    .join(',');
}

function randomQuery(r: Random): string {
  // Now and then words of no field we hold, alone (nothing matches) or beside others (left out: ADR 052).
  if (r.chance(0.08)) {
    const unheld = r.pick(['crna', 'locums', 'nurse practitioner']);
    return r.chance(0.5) ? unheld : `${plainQuery(r)} ${unheld}`;
  }
  return plainQuery(r);
}

function plainQuery(r: Random): string {
  const words = 1 + r.int(3);
  if (words === 1) {
    const field = r.pick(['first', 'last', 'specialty', 'skill', 'org', 'title', 'city'] as const);
    return from(r, pools[field]);
  }
  // A hospital's first word beside a specialty or a city (ADR 063: names are words of several-word queries).
  if (r.chance(0.15) && pools.hospitalWord.length) return `${from(r, pools.hospitalWord)} ${from(r, r.chance(0.5) ? pools.specialty : pools.city)}`;
  // Several words: mostly real first/last name pairs, in either order, partially.
  const parts = [from(r, pools.first), from(r, pools.last)];
  if (words === 3) parts.push(from(r, pools.last));
  if (r.chance(0.5)) parts.reverse();
  return parts.join(' ');
}

function filterValue(r: Random, key: FilterKey): string {
  switch (key) {
    case 'specialty':
      return r.chance(0.2) ? 'physician' : several(r, pools.specialty, r.chance(0.5));
    case 'skills':
      return several(r, pools.skill, r.chance(0.5));
    case 'education':
      return several(r, pools.degree);
    case 'companySize':
      return several(r, pools.size);
    case 'companyRevenue':
      return several(r, pools.revenue);
    case 'companyIndustry':
      return several(r, pools.industry);
    case 'state':
      return several(r, pools.state);
    case 'licenseState':
      return several(r, [...pools.license, ...pools.state]);
    case 'language':
      return several(r, pools.language);
    case 'credential':
      return several(r, pools.credential);
    case 'location': {
      const shape = r.int(4);
      if (shape === 0) return from(r, pools.city);
      if (shape === 1) return from(r, pools.state);
      if (shape === 2) return `${from(r, pools.city)}, ${from(r, pools.state)}`;
      return `, ${r.pick(pools.state)}`;
    }
    case 'title':
      return from(r, pools.title);
    case 'organization':
      return from(r, pools.org);
    case 'city':
      return from(r, pools.city);
    case 'medicalSchool':
      return from(r, pools.school);
    case 'hospitalAffiliation':
      return from(r, pools.hospital);
    case 'npi': {
      const npi = r.pick(pools.npi).trim();
      return /^\d+$/.test(npi) ? npi.slice(0, 1 + r.int(npi.length)) : '1';
    }
    case 'gender':
      return r.pick(['M', 'F']);
    case 'graduationYearMin':
    case 'graduationYearMax':
      return String(1965 + r.int(62));
    case 'yearsInPracticeMin':
    case 'yearsInPracticeMax':
      return String(r.int(55));
    case 'boardCertified':
    case 'acceptingNewPatients':
    case 'telehealth':
    case 'acceptingMedicaid':
    case 'hasMobile':
    case 'hasPersonalEmail':
    case 'hasLinkedin':
    case 'emailVerified':
    case 'mobileValid':
    case 'inTraining':
      return r.pick(['true', 'false']);
    case 'movedWithinDays':
      return r.pick(['30', '90', '180', '365']);
    case 'subSpecialty':
      return several(r, pools.subSpecialty);
    case 'secondarySpecialty':
      return several(r, pools.secondarySpecialty);
    case 'source':
      return several(r, ['demo', 'nppes', 'dac', 'resume', 'RESUME']);
    case 'zip': {
      const zip = r.pick(pools.zip).trim();
      return /^\d{5}/.test(zip) ? zip.slice(0, 1 + r.int(5)) : '7';
    }
    case 'near': {
      // A physician's ZIP or city (unknown ones are a 400: the radius test covers them).
      const zip = r.pick(pools.zip).trim().slice(0, 5);
      return r.chance(0.5) && /^\d{5}$/.test(zip) && zip !== '00000' ? zip : 'Houston, TX';
    }
    case 'radius':
      return r.pick(['10', '25', '50', '100', '250']);
    case 'affiliatedWith':
      // Whole CCNs (anything else is a 400), in either case.
      return Array.from({ length: 1 + r.int(3) }, () => (r.chance(0.1) ? '000000' : r.pick(pools.ccn)))
        .map((v) => (r.chance(0.3) ? v.toLowerCase() : v))
        .join(',');
    case 'facilityType':
      return several(r, [...pools.facilityType, 'nursing HOME', 'Hospital']);
    case 'imlcEligibleFor':
      return r.pick(IMLC_ISSUING_STATES);
    case 'verifiedWithinMonths':
      return r.pick(['3', '6', '12', '24']);
    case 'addedSince': {
      const day = new Date(Date.UTC(2023, 0, 1) + r.int(1500) * 86_400_000);
      return day.toISOString().slice(0, 10);
    }
    case 'looking':
      return r.pick(LOOKING_OPTIONS);
  }
}

/**
 * 'Looking now' / 'Open to offers' (ADR 066) as the reference reads it: the preference rows of the
 * physicians who said so and want email. Only callers who may email physicians (the paid tiers and
 * admins here) filter by it; for the others the API ignores it.
 */
async function lookingSet(looking: 'now' | 'open'): Promise<IdSet> {
  const statuses = looking === 'now' ? ['looking'] : ['looking', 'open'];
  const { rows } = await ctx.db.sql.query<{ physician_id: number }>(
    `SELECT physician_id FROM outreach_preferences WHERE status = ANY($1::text[]) AND monthly_max > 0`,
    [statuses],
  );
  return new IdSet(Int32Array.from(rows, (row) => row.physician_id));
}
let lookingSets: Record<'now' | 'open', IdSet>;
const withLooking = (criteria: SearchCriteria, looking: 'now' | 'open' | undefined, mayEmail: boolean): SearchCriteria =>
  looking && mayEmail ? { ...criteria, includedIds: lookingSets[looking] } : criteria;

type Case = { input: Record<string, string>; agent: (typeof agents)[number] };

function randomCase(r: Random): Case {
  const input: Record<string, string> = {};
  if (r.chance(0.6)) input.query = randomQuery(r);
  const filters = r.chance(0.15) ? 0 : 1 + r.int(3);
  for (let k = 0; k < filters; k++) {
    const key = r.pick(FILTER_KEYS);
    input[key] = filterValue(r, key);
  }
  // A radius needs a centre (alone it is a 400, tested in radius.test.ts); so does the distance sort.
  if (input.radius && !input.near) input.near = filterValue(r, 'near');
  if (r.chance(0.85)) input.sortKey = r.pick(SORT_KEYS);
  if (input.sortKey === 'distance' && !input.near) {
    if (r.chance(0.5)) input.near = filterValue(r, 'near');
    else input.sortKey = 'name';
  }
  if (r.chance(0.85)) input.sortDirection = r.pick(['asc', 'desc']);
  return { input, agent: r.pick(agents) };
}

describe('random oracle: the index answers as the reference SQL', () => {
  it(
    `${CASES} random searches on ${DEMO_ROWS} demo rows and ${MESSY.length} messy ones`,
    { timeout: 300_000 },
    async () => {
      const r = prng(SEED);
      const index = ctx.deps.services.directory.index;
      let nonEmpty = 0;
      let deep = 0;
      for (let n = 0; n < CASES; n++) {
        const { input, agent } = randomCase(r);
        const request = SearchPhysiciansQuery.parse(input satisfies SearchPhysiciansQueryInput);
        const criteria = withLooking(toCriteria(request, new Date().getUTCFullYear()), request.looking, agent.paid);
        const sort = resolveSort(request, criteria);
        const label = `${REPLAY} (case ${n}, ${agent.name}): ${JSON.stringify(input)}`;

        // The whole order (up to 400 rows), straight from the index.
        const whole = await naiveSearch(ctx.db, criteria, { ...sort, offset: 0, limit: 400 });
        expect(index.search(criteria, { ...sort, offset: 0, limit: 400 }), label).toEqual(whole);
        if (whole.total > 0) nonEmpty++;

        // One page through the API, as this tier sees it: paid 25 a page, free the first 20 only.
        const pages = Math.max(1, Math.ceil(whole.total / 25));
        const page = r.pick([1, 1, 2, pages, pages + 1, 1 + r.int(pages)]);
        if (page > 16) deep++;
        // A page past the last is answered with the last; free callers always get page 1.
        const answered = agent.paid ? Math.min(page, pages) : 1;
        const limit = agent.paid ? 25 : 20;
        const offset = (answered - 1) * 25;
        // Within the first 400 rows the whole order above is the expected page; deeper, ask again.
        const expected =
          offset + limit <= 400
            ? { total: whole.total, ids: whole.ids.slice(offset, offset + limit) }
            : await naiveSearch(ctx.db, criteria, { ...sort, offset, limit });
        // As typed: a search finding nothing would otherwise be read with a misspelling corrected.
        const params = new URLSearchParams({ ...input, page: String(page), spelling: 'exact' });
        const res = await agent.agent.get(`/api/physicians?${params}`);
        // Without full results only a whole 10-digit NPI is accepted.
        if (!agent.paid && input.npi && !/^\d{10}$/.test(input.npi)) {
          expect(res.status, label).toBe(400);
          continue;
        }
        expect(res.status, `${label} -> ${res.text}`).toBe(200);
        expect(
          { total: res.body.total, ids: res.body.results.map((row: { id: number }) => row.id) },
          `${label}, page ${page}`,
        ).toEqual(expected);
        expect(res.body.page, label).toBe(answered);
        expect(res.body.visibleLimit, label).toBe(agent.paid ? null : 20);
      }
      // The searches were not all empty, and some went deep (offset past 400).
      expect(nonEmpty, REPLAY).toBeGreaterThan(CASES / 3);
      expect(deep, REPLAY).toBeGreaterThan(0);
    },
  );

  it('sorts accented names with their plain spelling (Álvarez next to Alvarez) in both implementations', async () => {
    const criteria = toCriteria({ query: 'alvarez' });
    for (const sortDirection of ['asc', 'desc'] as const) {
      const sort = { sortKey: 'name' as const, sortDirection, offset: 0, limit: 100 };
      const naive = await naiveSearch(ctx.db, criteria, sort);
      expect(ctx.deps.services.directory.index.search(criteria, sort)).toEqual(naive);
    }
    const res = await agents[3].agent.get('/api/physicians?query=alvarez&sortKey=name');
    const names = res.body.results.map(
      (p: { firstName: string; lastName: string }) => `${p.lastName.trim()}, ${p.firstName.trim()}`,
    );
    // Every Alvarez, accented or not and in any case, sits together (the demo has some too),
    // ordered by first name; equal names keep the id order.
    const isAlvarez = (n: string) => /^[aá]lvarez,/i.test(n);
    const first = names.findIndex(isAlvarez);
    const count = names.filter(isAlvarez).length;
    expect(names.slice(first, first + count).every(isAlvarez)).toBe(true);
    const messy = ['ALVAREZ, ana', 'álvarez, Beatriz', 'Álvarez, Hector', 'Alvarez, Hector'];
    expect(names.filter((n: string) => messy.includes(n))).toEqual(messy);
  });
});
