import { createBuiltinVerifier } from '../../lib/verification/builtin';
import { DEMO_MAIL_DOMAINS } from '../../lib/verification/create-verifier';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COMPANY_SIZE_BUCKETS,
  INDUSTRY_OPTIONS,
  LANGUAGES,
  REVENUE_BUCKETS,
  SPECIALTIES,
  US_STATES,
} from '../../../contract/directory-options';
import {
  CHANGE_COPY_COLUMNS,
  changeCopyLines,
  contactCopyLine,
  CONTACT_COPY_COLUMNS,
  physicianCopyLine,
  PHYSICIAN_COPY_COLUMNS,
} from './copy-rows';
import { SUB_SPECIALTIES } from '../../../contract/nucc-taxonomy';
import { zipsOfCity } from '../../features/directory/geo';
import { CONTACT_VALUE_ORDER } from './contact-checks';
import { DEFAULT_SEED, generatePhysicians, npiForId, type GeneratedPhysician } from './generator';
import { CITIES, ZIP_FIRST_DIGIT_BY_STATE } from './reference-data';
import { SUB_SPECIALTY_PHYSICIANS } from './sub-specialty-shares';

// Filled before the first test that reads it (its speed is measured by `npm run bench:generator`).
let sample: GeneratedPhysician[] = [];
const loadSample = () => {
  if (sample.length === 0) sample = [...generatePhysicians({ count: 20_000 })];
};
const areaCodes = new Map(CITIES.map((city) => [`${city.name}|${city.state}`, city.areaCode]));

/** Plain Luhn over the NPI with its 80840 prefix, written apart from the generator's own. */
function isValidNpi(npi: string): boolean {
  if (!/^1\d{9}$/.test(npi)) return false;
  const digits = `80840${npi}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Minimal CSV reader for one line: an unquoted empty field is null, as COPY reads it. */
function parseCsvLine(line: string): (string | null)[] {
  if (!line.endsWith('\n')) throw new Error(`line without a newline: ${line}`);
  const body = line.slice(0, -1);
  const fields: (string | null)[] = [];
  let i = 0;
  while (i <= body.length) {
    if (body[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        if (body[i] === '"' && body[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (body[i] === '"') {
          i++;
          break;
        } else {
          value += body[i++];
        }
      }
      fields.push(value);
    } else {
      const end = body.indexOf(',', i);
      const raw = body.slice(i, end === -1 ? body.length : end);
      fields.push(raw === '' ? null : raw);
      i += raw.length;
    }
    if (i < body.length && body[i] !== ',') throw new Error(`stray character at ${i}: ${body}`);
    i++;
  }
  return fields;
}

/** Minimal reader of a one-dimensional PostgreSQL text[] literal with quoted elements. */
function parsePgArray(literal: string): string[] {
  if (!literal.startsWith('{') || !literal.endsWith('}')) throw new Error(`not an array literal: ${literal}`);
  const inner = literal.slice(1, -1);
  const values: string[] = [];
  let i = 0;
  while (i < inner.length) {
    if (inner[i] !== '"') throw new Error(`unquoted element in ${literal}`);
    let value = '';
    i++;
    while (inner[i] !== '"') {
      if (inner[i] === '\\') i++;
      value += inner[i++];
    }
    values.push(value);
    i += 2; // closing quote and comma
  }
  return values;
}

describe('generatePhysicians', () => {
  beforeAll(loadSample);

  it('is deterministic for a seed and differs between seeds', () => {
    const first = [...generatePhysicians({ count: 2_000 })];
    const again = [...generatePhysicians({ count: 2_000, seed: DEFAULT_SEED })];
    expect(again).toEqual(first);
    expect(first).toEqual(sample.slice(0, 2_000));

    const other = [...generatePhysicians({ count: 2_000, seed: DEFAULT_SEED + 1 })];
    const differing = other.filter(
      (p, i) => p.lastName !== first[i].lastName || p.specialty !== first[i].specialty,
    );
    expect(differing.length).toBeGreaterThan(1_500);
    // Identity is tied to the id, not the seed.
    expect(other.map((p) => p.npi)).toEqual(first.map((p) => p.npi));
  });

  it('generates any slice of ids on its own, identical to the same slice of a full run', () => {
    const slice = [...generatePhysicians({ count: 50, startId: 10_001 })];
    expect(slice).toEqual(sample.slice(10_000, 10_050));
  });

  it('rejects counts and ids it cannot number', () => {
    expect(() => generatePhysicians({ count: -1 }).next()).toThrow(RangeError);
    expect(() => generatePhysicians({ count: 1, startId: 100_000_000 }).next()).toThrow(RangeError);
  });

  it('covers all 18 specialties with family and internal medicine the most common', () => {
    const counts = new Map<string, number>();
    for (const p of sample) counts.set(p.specialty, (counts.get(p.specialty) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...SPECIALTIES].sort());
    const ranked = [...counts].sort((a, b) => b[1] - a[1]).map(([name]) => name);
    expect(ranked.slice(0, 2).sort()).toEqual(['Family Medicine', 'Internal Medicine']);
    expect(ranked.at(-1)).toBe('Urology');
  });

  it('divides each specialty into its sub-specialties in the shares of sub-specialty-shares.ts', () => {
    // Within 4 points of the table's share, for every sub-specialty of a specialty drawn 500+ times.
    const bySpecialty = new Map<string, GeneratedPhysician[]>();
    for (const p of sample) bySpecialty.set(p.specialty, [...(bySpecialty.get(p.specialty) ?? []), p]);
    const off: string[] = [];
    for (const [specialty, division] of Object.entries(SUB_SPECIALTY_PHYSICIANS)) {
      const rows = bySpecialty.get(specialty) ?? [];
      if (rows.length < 500) continue;
      const total = division.general + division.subSpecialties.reduce((sum, [, n]) => sum + n, 0);
      for (const [name, count] of [[null, division.general] as const, ...division.subSpecialties]) {
        const share = rows.filter((p) => p.subSpecialty === name).length / rows.length;
        if (Math.abs(share - count / total) > 0.04) off.push(`${specialty} / ${name}: ${share} vs ${count / total}`);
      }
    }
    expect(off).toEqual([]);
    // The fields the issue found empty are there, under their NUCC specialty.
    const held = (sub: string) => sample.filter((p) => p.subSpecialty === sub).map((p) => p.specialty);
    for (const [sub, specialty] of [
      ['Otolaryngology', 'General Surgery'],
      ['Neurological Surgery', 'General Surgery'],
      ['Ophthalmology', 'General Surgery'],
      ['Nephrology', 'Internal Medicine'],
      ['Endocrinology, Diabetes & Metabolism', 'Internal Medicine'],
      ['Hospitalist', 'Internal Medicine'],
    ]) {
      expect(held(sub).length, sub).toBeGreaterThan(20);
      expect(new Set(held(sub)), sub).toEqual(new Set([specialty]));
    }
    // Their physicians carry the sub-specialty's role title where the specialty's would be.
    const ent = sample.filter((p) => p.subSpecialty === 'Otolaryngology');
    expect(ent.some((p) => p.title === 'Otolaryngologist')).toBe(true);
    expect(ent.some((p) => p.title === 'General Surgeon')).toBe(false);
  });

  // Invariants are checked in plain code and reported together: a few hundred thousand expect()
  // calls would make this file slow without telling more.
  const violations = (check: (p: GeneratedPhysician, fail: (what: string) => void) => void): string[] => {
    const found: string[] = [];
    for (const p of sample) check(p, (what) => found.length < 10 && found.push(`#${p.id}: ${what}`));
    return found;
  };

  it('gives unique, Luhn-valid NPIs derived from the id', () => {
    expect(new Set(sample.map((p) => p.npi)).size).toBe(sample.length);
    expect(
      violations((p, fail) => {
        if (!isValidNpi(p.npi)) fail(`invalid NPI ${p.npi}`);
        if (p.npi !== npiForId(p.id)) fail('NPI not derived from the id');
      }),
    ).toEqual([]);
    expect(isValidNpi('1234567893')).toBe(true); // the CMS worked example
    expect(isValidNpi(npiForId(99_999_999))).toBe(true);
  });

  it('uses only example domains for email and the fictional 555-01XX block for phones', () => {
    // Besides the few values made bad on purpose (ADR 032): disposable domains, role addresses,
    // the area code 555 (none) and toll-free mobiles.
    const email = /^([a-z0-9.]+@example\.(com|org|net)|[a-z0-9.]+@(mailinator\.com|guerrillamail\.com|yopmail\.com|10minutemail\.com)|office\+[0-9a-z]+@example\.org)$/;
    const phone = /^\(\d{3}\) 555-01\d\d$/;
    expect(
      violations((p, fail) => {
        for (const address of [p.personalEmail, p.workEmail]) {
          if (address !== null && !email.test(address)) fail(`email ${address}`);
        }
        for (const number of [p.mobilePhone, p.officePhone]) {
          if (number === null) continue;
          if (!phone.test(number)) fail(`phone ${number}`);
          const area = number.slice(1, 4);
          if (area !== areaCodes.get(`${p.city}|${p.state}`) && area !== '555' && !(area === '800' && number === p.mobilePhone))
            fail(`area code of ${number} in ${p.city}`);
        }
      }),
    ).toEqual([]);
    const share = (has: (p: GeneratedPhysician) => boolean) => sample.filter(has).length / sample.length;
    expect(share((p) => p.personalEmail !== null)).toBeCloseTo(0.9, 1);
    expect(share((p) => p.workEmail !== null)).toBeCloseTo(0.95, 1);
    expect(share((p) => p.mobilePhone !== null)).toBeCloseTo(0.9, 1);
    expect(share((p) => p.linkedinUrl !== null)).toBeCloseTo(0.7, 1);
    // Residents are not yet board certified (their share: demo-signals.test.ts).
    const practising = sample.filter((p) => !p.inTraining);
    expect(practising.filter((p) => p.boardCertified).length / practising.length).toBeCloseTo(0.85, 1);
    expect(share((p) => p.languages.length > 1)).toBeCloseTo(0.25, 1);
  });

  it('keeps education years consistent with the graduation year', () => {
    expect(
      violations((p, fail) => {
        // Residents and fellows graduated in the last seven classes before the load (demo-signals.ts).
        const [first, last] = p.inTraining ? [2020, 2026] : [1970, 2022];
        if (p.graduationYear < first || p.graduationYear > last) fail(`graduation year ${p.graduationYear}`);
        const years = (degree: string) => {
          const entry = p.education.find((e) => e.degree === degree);
          return entry
            ? { start: Number(entry.startDate), end: Number(entry.endDate), school: entry.schoolName }
            : null;
        };
        const isAssistant = p.credential === 'PA-C';
        const program = years(isAssistant ? 'MS' : p.credential);
        const bachelor = years('BS');
        if (!program || !bachelor) return fail('missing degree');
        if (program.end !== p.graduationYear) fail('programme does not end in the graduation year');
        if (program.school !== p.medicalSchool) fail('medical school is not the programme school');
        if (program.end - program.start !== (isAssistant ? 2 : 4)) fail('programme length');
        if (bachelor.end - bachelor.start !== 4) fail('BS length');
        if (bachelor.end > program.start) fail('BS ends after the programme starts');
        for (const entry of p.education) {
          const start = Number(entry.startDate);
          const end = Number(entry.endDate);
          if (!/^\d{4}$/.test(entry.startDate ?? '') || !/^\d{4}$/.test(entry.endDate ?? ''))
            fail('year format');
          if (start >= end || end > 2026) fail(`${entry.degree} ${start}-${end}`);
          if (entry.degree === 'MBA' && start < p.graduationYear) fail('MBA before graduation');
          if (entry.degree === 'PhD' || (entry.degree === 'MS' && !isAssistant)) {
            if (end > program.start || start < bachelor.end) fail(`${entry.degree} not between BS and MD`);
          }
        }
      }),
    ).toEqual([]);
  });

  it('keeps the other fields within their options and consistent with each other', () => {
    const stateCodes = new Set<string>(US_STATES.map((s) => s.code));
    const languages = new Set<string>(LANGUAGES);
    const specialties = new Set<string>(SPECIALTIES);
    const organizations = new Map<string, string>();
    const linkedin = /^https:\/\/www\.linkedin\.com\/in\/[a-z]+-[a-z]+-[0-9a-z]+$/;
    expect(
      violations((p, fail) => {
        if (!stateCodes.has(p.state)) fail(`state ${p.state}`);
        // A real ZIP of the physician's city (the package the radius search reads).
        if (!zipsOfCity(p.city, p.state).includes(p.zip)) fail(`zip ${p.zip} in ${p.city}, ${p.state}`);
        if (
          p.subSpecialty !== null &&
          !SUB_SPECIALTIES.some((s) => s.specialty === p.specialty && s.name === p.subSpecialty)
        )
          fail(`sub-specialty ${p.subSpecialty} of ${p.specialty}`);
        if (!(COMPANY_SIZE_BUCKETS as readonly string[]).includes(p.organizationSize)) fail('size');
        if (!(REVENUE_BUCKETS as readonly string[]).includes(p.organizationRevenue)) fail('revenue');
        if (!(INDUSTRY_OPTIONS as readonly string[]).includes(p.organizationIndustry)) fail('industry');
        const profile = `${p.organizationSize}|${p.organizationRevenue}|${p.organizationIndustry}`;
        if ((organizations.get(p.organization) ?? profile) !== profile)
          fail(`two profiles for ${p.organization}`);
        organizations.set(p.organization, profile);
        const expected = p.specialty === 'Physician Assistant' ? ['PA-C'] : ['MD', 'DO'];
        if (!expected.includes(p.credential)) fail(`credential ${p.credential} for ${p.specialty}`);
        if (p.languages[0] !== 'English' || !p.languages.every((l) => languages.has(l))) fail('languages');
        if (p.licenseStates[0] !== p.state || p.licenseStates.length > 3) fail('licence states');
        if (new Set(p.licenseStates).size !== p.licenseStates.length) fail('duplicate licence state');
        if (p.skills.length < 1 || p.skills.length > 6 || new Set(p.skills).size !== p.skills.length)
          fail('skills');
        if (
          p.secondarySpecialty !== null &&
          (!specialties.has(p.secondarySpecialty) || p.secondarySpecialty === p.specialty)
        ) {
          fail(`secondary specialty ${p.secondarySpecialty}`);
        }
        if (
          p.linkedinUrl !== null &&
          (!linkedin.test(p.linkedinUrl) || !p.linkedinUrl.endsWith(`-${p.id.toString(36)}`))
        ) {
          fail(`linkedin ${p.linkedinUrl}`);
        }
        // physicians.verified_at is the latest valid check of its contacts (ADR 022, 032).
        const values = [p.personalEmail, p.workEmail, p.mobilePhone, p.officePhone];
        const valid = p.contactFreshness.flatMap((f) => (f.verification === 'valid' && f.verifiedAt ? [f.verifiedAt.getTime()] : []));
        if ((valid.length ? Math.max(...valid) : null) !== (p.verifiedAt?.getTime() ?? null)) fail('verifiedAt is not the latest valid check');
        p.contactFreshness.forEach((f, i) => {
          if ((f.status === 'verified') !== (f.verification === 'valid')) fail(`status ${f.status} with ${f.verification}`);
          if ((f.method === null) !== (f.verifiedAt === null)) fail('a check without a date');
          if (values[i] === null && f.method !== null) fail(`an absent value was checked`);
          const age = Date.UTC(2026, 10, 1) - (f.verifiedAt?.getTime() ?? Date.UTC(2026, 10, 1) - 1);
          if (age <= 0 || age > 31 * 86_400_000) fail(`checked at ${f.verifiedAt?.toISOString()}`);
        });
      }),
    ).toEqual([]);
    const freshness = sample.flatMap((p) =>
      p.contactFreshness.filter((_, i) => [p.personalEmail, p.workEmail, p.mobilePhone, p.officePhone][i] !== null),
    );
    const share = (status: string) => freshness.filter((f) => f.verification === status).length / freshness.length;
    // Every state shows: mostly valid, some unknown (example.net's resolver never answers), a few risky and invalid.
    expect(share('valid')).toBeGreaterThan(0.7);
    expect(share('unknown')).toBeGreaterThan(0.05);
    expect(share('risky')).toBeGreaterThan(0.005);
    expect(share('invalid')).toBeGreaterThan(0.005);
    const never = freshness.filter((f) => f.method === null).length / freshness.length;
    expect(never).toBeGreaterThan(0.01);
    expect(never).toBeLessThan(0.03);
    const doShare =
      sample.filter((p) => p.credential === 'DO').length /
      sample.filter((p) => p.credential !== 'PA-C').length;
    expect(doShare).toBeGreaterThan(0.2);
    expect(doShare).toBeLessThan(0.3);
  });
});

describe('contact checks (ADR 032)', () => {
  beforeAll(loadSample);
  it('are what the built-in verifier answers for each value (so re-checking changes nothing)', async () => {
    const verifier = createBuiltinVerifier({ dns: false, knownDomains: DEMO_MAIL_DOMAINS });
    const mismatches: string[] = [];
    for (const p of sample.slice(0, 3_000)) {
      for (const [i, key] of CONTACT_VALUE_ORDER.entries()) {
        const value = p[key];
        const f = p.contactFreshness[i];
        if (value === null || f.method === null) continue;
        const r = i < 2 ? await verifier.verifyEmail(value) : await verifier.verifyPhone(value, i === 2 ? 'mobile' : 'office');
        if (r.status !== f.verification || r.confidence !== f.confidence) mismatches.push(`${value}: ${f.verification}/${f.confidence} vs ${r.status}/${r.confidence}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('COPY lines', () => {
  beforeAll(loadSample);
  const tricky: GeneratedPhysician = {
    ...[...generatePhysicians({ count: 1 })][0],
    id: 42,
    npi: '1234567893',
    firstName: 'Anne "Annie"',
    middleName: null,
    lastName: "O'Neil, Jr.",
    secondarySpecialty: null,
    organization: '',
    skills: ['Patient Care', 'Say "hi", then \\ leave'],
    education: [
      { schoolName: 'School "A", B', degree: 'MD', field: null, startDate: '2000', endDate: '2004' },
    ],
    languages: ['English'],
    licenseStates: [],
    hospitalAffiliation: null,
    linkedinUrl: null,
    boardCertified: true,
    acceptingNewPatients: false,
    telehealth: true,
    verifiedAt: new Date('2026-10-15T12:00:00.000Z'),
    personalEmail: null,
    workEmail: 'aoneil42@example.org',
    mobilePhone: '(212) 555-0142',
    officePhone: null,
    contactFreshness: [
      { status: 'unverified', verifiedAt: null, verification: 'unknown', confidence: null, method: null },
      { status: 'verified', verifiedAt: new Date('2026-10-15T12:00:00.000Z'), verification: 'valid', confidence: 75, method: 'builtin' },
      { status: 'verified', verifiedAt: new Date('2025-03-01T08:00:00.000Z'), verification: 'valid', confidence: 65, method: 'builtin' },
      { status: 'unverified', verifiedAt: null, verification: 'unknown', confidence: null, method: null },
    ],
    source: 'demo',
    inTraining: true,
    movedOn: '2026-10-02',
    locationChanges: [{ field: 'city', oldValue: 'Boston', newValue: 'New York' }],
    locationSourceDate: '2026-10-02',
    selfReportedEmail: null,
    selfReportedPhone: '(212) 555-0199',
    selfReportedAt: new Date('2026-09-30T10:00:00.000Z'),
  };

  it('writes one field per column, quoting text so that NULL and empty differ', () => {
    const fields = parseCsvLine(physicianCopyLine(tricky));
    expect(fields).toHaveLength(PHYSICIAN_COPY_COLUMNS.length);
    const row = Object.fromEntries(PHYSICIAN_COPY_COLUMNS.map((column, i) => [column, fields[i]]));
    expect(row.id).toBe('42');
    expect(row.first_name).toBe('Anne "Annie"');
    expect(row.middle_name).toBeNull();
    expect(row.last_name).toBe("O'Neil, Jr.");
    expect(row.organization).toBe('');
    expect(row.secondary_specialty).toBeNull();
    expect(parsePgArray(row.skills as string)).toEqual(tricky.skills);
    expect(row.license_states).toBe('{}');
    expect(JSON.parse(row.education as string)).toEqual(tricky.education);
    expect(row.board_certified).toBe('t');
    expect(row.accepting_new_patients).toBe('f');
    expect(row.source).toBe('demo');
    // A move's location is NPPES's, dated the move (ADR 035, 054).
    expect([row.in_training, row.moved_on, row.location_source, row.location_source_date]).toEqual(['t', '2026-10-02', 'nppes', '2026-10-02']);
    const resume = parseCsvLine(physicianCopyLine({ ...tricky, source: 'resume', movedOn: null, locationSourceDate: '2026-09-30', affiliations: null }));
    expect(resume[PHYSICIAN_COPY_COLUMNS.indexOf('source')]).toBe('resume');
    expect(resume.slice(-4)).toEqual([null, 'resume', '2026-09-30', null]);
    // Facility affiliations (ADR 063): JSON, or NULL for none.
    const affiliated = parseCsvLine(physicianCopyLine({ ...tricky, affiliations: [{ ccn: '240010', type: 'Hospital', parent: null }] }));
    expect(JSON.parse(affiliated[PHYSICIAN_COPY_COLUMNS.indexOf('affiliations')] as string)).toEqual([{ ccn: '240010', type: 'Hospital', parent: null }]);
    // The move's rows, as the change trigger writes them for an NPPES import.
    expect(CHANGE_COPY_COLUMNS).toEqual(['physician_id', 'field', 'old_value', 'new_value', 'source', 'source_date']);
    expect(changeCopyLines(tricky)).toBe('42,city,"Boston","New York",nppes,2026-10-02\n');
    expect(changeCopyLines({ ...tricky, movedOn: null, locationChanges: [] })).toBe('');
    expect(row.verified_at).toBe('2026-10-15T12:00:00.000Z');
    expect(row.graduation_year).toBe(String(tricky.graduationYear));
  });

  it('writes the exact contact line', () => {
    expect(CONTACT_COPY_COLUMNS).toEqual([
      'physician_id',
      'personal_email',
      'work_email',
      'mobile_phone',
      'office_phone',
      'personal_email_status',
      'personal_email_verified_at',
      'work_email_status',
      'work_email_verified_at',
      'mobile_phone_status',
      'mobile_phone_verified_at',
      'office_phone_status',
      'office_phone_verified_at',
      'personal_email_verification',
      'personal_email_confidence',
      'personal_email_method',
      'work_email_verification',
      'work_email_confidence',
      'work_email_method',
      'mobile_phone_verification',
      'mobile_phone_confidence',
      'mobile_phone_method',
      'office_phone_verification',
      'office_phone_confidence',
      'office_phone_method',
      'checked_at',
      'self_reported_email',
      'self_reported_phone',
      'self_reported_at',
    ]);
    expect(contactCopyLine(tricky)).toBe(
      '42,,"aoneil42@example.org","(212) 555-0142",,unverified,,verified,"2026-10-15T12:00:00.000Z",' +
        'verified,"2025-03-01T08:00:00.000Z",unverified,,' +
        'unknown,,,valid,75,builtin,valid,65,builtin,unknown,,,"2025-03-01T08:00:00.000Z",,"(212) 555-0199","2026-09-30T10:00:00.000Z"\n',
    );
  });

  it('round-trips generated records', () => {
    const mismatches: number[] = [];
    for (const p of sample.slice(0, 2_000)) {
      const fields = parseCsvLine(physicianCopyLine(p));
      const contact = parseCsvLine(contactCopyLine(p));
      const same =
        fields.length === PHYSICIAN_COPY_COLUMNS.length &&
        fields[2] === p.firstName &&
        fields[4] === p.lastName &&
        fields[9] === p.organization &&
        JSON.stringify(parsePgArray(fields[16] as string)) === JSON.stringify(p.skills) &&
        fields[17] === JSON.stringify(p.education) &&
        JSON.stringify(contact) ===
          JSON.stringify([
            String(p.id),
            p.personalEmail,
            p.workEmail,
            p.mobilePhone,
            p.officePhone,
            ...p.contactFreshness.flatMap((f) => [f.status, f.verifiedAt?.toISOString() ?? null]),
            ...p.contactFreshness.flatMap((f) => [f.verification, f.confidence === null ? null : String(f.confidence), f.method]),
            contact.at(-4),
            p.selfReportedEmail,
            p.selfReportedPhone,
            p.selfReportedAt?.toISOString() ?? null,
          ]);
      if (!same) mismatches.push(p.id);
    }
    expect(mismatches).toEqual([]);
  });
});

describe('reference data', () => {
  it('has cities in every state and DC, with ZIP prefixes of the right region', () => {
    expect(new Set(CITIES.map((city) => city.state)).size).toBe(51);
    for (const city of CITIES) {
      expect(city.areaCode).toMatch(/^[2-9]\d\d$/);
      expect(city.zipPrefix[0], city.name).toBe(ZIP_FIRST_DIGIT_BY_STATE[city.state]);
    }
  });
});
