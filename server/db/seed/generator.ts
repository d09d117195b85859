import { zipsOfCity } from '../../features/directory/geo';
import {
  SPECIALTIES,
  type EducationEntry,
  type Specialty,
  type UsStateCode,
} from '../../../contract/directory-options';
import {
  BUSINESS_SCHOOLS,
  CITIES,
  DO_SCHOOLS,
  FEMALE_FIRST_NAMES,
  GENERIC_SKILLS,
  GRADUATE_FIELDS,
  INDUSTRY_COMPANIES,
  MALE_FIRST_NAMES,
  MD_SCHOOLS,
  ORGANIZATION_KINDS,
  ORGANIZATION_NAME_PATTERNS,
  ORGANIZATION_PROFILES,
  PA_PROGRAMS,
  PHYSICIANS_BY_STATE,
  SAINTS,
  SECOND_LANGUAGE_WEIGHTS,
  SPECIALTY_PROFILES,
  STATE_REGIONS,
  SURNAMES,
  UNDERGRADUATE_FIELDS,
  UNDERGRADUATE_SCHOOLS,
  type City,
  type OrganizationKind,
  type OrganizationProfile,
  type School,
  type WeightedName,
} from './reference-data';
import { CONTACT_VALUE_ORDER, type ContactFreshness, demoEmailCheck, demoPhoneCheck, DISPOSABLE_DOMAINS } from './contact-checks';
import { demoSignals, type LocationChange } from './demo-signals';
import { createRandom, mix32, pick, weightedTable, type Random, type WeightedTable } from './random';
import { demoAffiliations, demoFacilities, type DemoAffiliation, type DemoFacilities } from './demo-affiliations';
import { SUB_SPECIALTY_PHYSICIANS } from './sub-specialty-shares';

export type GeneratedPhysician = {
  id: number;
  npi: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  title: string;
  credential: string;
  /** 'resume': added by an approved resume (a signal, demo-signals.ts); otherwise 'demo'. */
  source: 'demo' | 'resume';
  specialty: string;
  secondarySpecialty: string | null;
  /** A NUCC specialisation of the specialty (shares: sub-specialty-shares.ts), or null. */
  subSpecialty: string | null;
  organization: string;
  organizationSize: string;
  organizationRevenue: string;
  organizationIndustry: string;
  city: string;
  state: string;
  zip: string;
  skills: string[];
  education: EducationEntry[];
  medicalSchool: string;
  graduationYear: number;
  gender: 'M' | 'F';
  languages: string[];
  boardCertified: boolean;
  hospitalAffiliation: string | null;
  licenseStates: string[];
  acceptingNewPatients: boolean;
  telehealth: boolean;
  acceptingMedicaid: boolean;
  linkedinUrl: string | null;
  /** The latest check that found one of its values valid (null: none did). */
  verifiedAt: Date | null;
  /** When the record joined the directory (addedSince filter). */
  createdAt: Date;
  personalEmail: string | null;
  workEmail: string | null;
  mobilePhone: string | null;
  officePhone: string | null;
  /** Status and last verification of each contact value, in the order of CONTACT_VALUE_ORDER (ADR 022). */
  contactFreshness: ContactFreshness[];
  // The signals (demo-signals.ts, ADR 054), drawn after everything above.
  /** A resident or fellow ('In training', ADR 035). */
  inTraining: boolean;
  /** The day (YYYY-MM-DD, UTC) the practice location changed, within the year before the load; null: no move. */
  movedOn: string | null;
  /** That move field by field: the physician_changes rows an NPPES import would have written. */
  locationChanges: LocationChange[];
  /** The day of the location's source (physicians.location_source_date): a move's NPPES date, a resume's approval; null: none (the demo's own). */
  locationSourceDate: string | null;
  /** An approved resume's email and phone kept beside the values on file (ADR 030), and the approval's time. */
  selfReportedEmail: string | null;
  selfReportedPhone: string | null;
  selfReportedAt: Date | null;
  /** CMS facility affiliations (demo-affiliations.ts, ADR 063), drawn last; null: none. */
  affiliations: DemoAffiliation[] | null;
};

export const DEFAULT_SEED = 20_261_101;
/** Mixed into the seed of the contact freshness stream (contactFreshnessOf). */
const FRESHNESS_STREAM = 0x2545f491;
const AFFILIATION_STREAM = 0x6a09e667;

/**
 * Everything time-like is measured from this fixed date, never from the clock, so the same seed
 * gives the same directory on every machine and every day.
 */
const REFERENCE_TIME = Date.UTC(2026, 10, 1);
const REFERENCE_YEAR = 2026;
/** Records' former 'verified' dates, about 24 months back: only the added date still draws from them. */
const VERIFIED_WINDOW_SECONDS = 730 * 24 * 3600;
/**
 * Contact values were last checked by the re-verification job within the last 31 days (a
 * month's cycle, so about 3% are due again), except NEVER_CHECKED_SHARE of them (new values the
 * job has not reached: a first start checks them, ADR 032).
 */
const CHECK_WINDOW_SECONDS = 31 * 24 * 3600;
const NEVER_CHECKED_SHARE = 0.02;
/** Values made bad on purpose, so the demo shows every state the checks find. */
const DISPOSABLE_EMAIL_SHARE = 0.015;
const ROLE_EMAIL_SHARE = 0.02;
const INVALID_PHONE_SHARE = 0.015;
const TOLL_FREE_MOBILE_SHARE = 0.01;
/** Records joined the directory over the three years before the reference time. */
const ADDED_WINDOW_SECONDS = 3 * 365 * 24 * 3600;
const FIRST_GRADUATION_YEAR = 1970;
const LAST_GRADUATION_YEAR = 2022;
const FIRST_PA_GRADUATION_YEAR = 1985;
/** Organisations and their sizes come from this seed, so they stay the same whatever the directory seed. */
const ORGANIZATIONS_SEED = 0x5eed0001;

// ---------------------------------------------------------------------------------------------
// NPI

const NPI_BODY_RANGE = 100_000_000;
// Coprime with 10, so id -> (id * A + B) mod 10^8 is a bijection: unique, stable, not sequential.
const NPI_MULTIPLIER_HIGH = 4827;
const NPI_MULTIPLIER_LOW = 1093;
const NPI_OFFSET = 13_579_246;

/** NPI check digit: Luhn over the nine digits prefixed with 80840 (whose digits contribute 24). */
export function npiCheckDigit(firstNineDigits: string): number {
  let sum = 24;
  for (let i = 0; i < 9; i++) {
    const digit = firstNineDigits.charCodeAt(8 - i) - 48;
    if (i % 2 === 0) {
      const doubled = digit * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    } else {
      sum += digit;
    }
  }
  return (10 - (sum % 10)) % 10;
}

/** A 10-digit NPI starting with 1, derived from the id alone. */
export function npiForId(id: number): string {
  const high = ((id * NPI_MULTIPLIER_HIGH) % NPI_BODY_RANGE) * 10_000;
  const body = (high + id * NPI_MULTIPLIER_LOW + NPI_OFFSET) % NPI_BODY_RANGE;
  const firstNine = String(NPI_BODY_RANGE + body);
  return firstNine + npiCheckDigit(firstNine);
}

// ---------------------------------------------------------------------------------------------
// Tables built once from the reference data

type Organization = { name: string; profile: OrganizationProfile };

type NameTable = { names: string[]; slugs: string[]; table: WeightedTable };

type SpecialtyTables = {
  name: Specialty;
  kinds: WeightedTable;
  skills: string[];
  skillTable: WeightedTable;
  hospitalRoles: string[];
  officeRoles: string[];
  chief: string;
  professors: [assistant: string, associate: string, full: string];
  secondary: Specialty[];
  secondaryShare: number;
  femaleShare: number;
  telehealthShare: number;
  acceptingShare: number;
  soloPatterns: { pattern: string; id: number }[];
  /** Physician assistants only: 'Physician Assistant, <area>' per specialty index. */
  areaTitles: string[];
  /** The sub-specialties drawn (index 0: none), their weights, and the role title each one's physicians carry. */
  subSpecialties: (string | null)[];
  subSpecialtyTable: WeightedTable;
  subSpecialtyTitles: (string | null)[];
};

type CityTables = {
  city: City;
  /** The city's real ZIP codes (the `zipcodes` package, as the radius search reads them). */
  zips: string[];
  phonePrefix: string;
  hospitals: Organization[];
  academic: Organization | null;
  affiliations: string[];
  multiSpecialtyGroups: Organization[];
  specialtyGroups: Organization[][];
  clinics: Organization[];
};

type StateTables = { healthSystems: Organization[]; research: Organization };

type Tables = {
  specialties: WeightedTable;
  specialty: SpecialtyTables[];
  cities: WeightedTable;
  city: CityTables[];
  state: Map<string, StateTables>;
  /** Every named organisation of the pools, by name. */
  organizations: Map<string, Organization>;
  stateCodes: string[];
  stateWeights: WeightedTable;
  graduationYears: WeightedTable;
  paGraduationYears: WeightedTable;
  male: NameTable;
  female: NameTable;
  surnames: NameTable;
  surnameLanguages: (string | null)[];
  secondLanguages: string[];
  secondLanguageTable: WeightedTable;
  mdSchools: SchoolTable;
  doSchools: SchoolTable;
  paPrograms: SchoolTable;
  undergraduateFields: WeightedTable;
  graduateFields: Record<'MS' | 'PhD' | 'MBA', WeightedTable>;
  skillCount: WeightedTable;
};

type SchoolTable = { all: School[]; byState: Map<string, School[]> };

const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => (i < 10 ? '0' : '') + i);
const SPANISH_HEAVY_STATES = new Set(['TX', 'CA', 'FL', 'AZ', 'NM', 'NV']);
const HOSPITAL_ONLY_ROLE = /hospitalist|nocturnist|intensivist|\bED\b|emergency department/i;

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z]/g, '');
}

function nameTable(rows: { name: string; weight: number }[]): NameTable {
  return {
    names: rows.map((row) => row.name),
    slugs: rows.map((row) => slug(row.name)),
    table: weightedTable(rows.map((row) => row.weight)),
  };
}

function schoolTable(schools: School[]): SchoolTable {
  const byState = new Map<string, School[]>();
  for (const school of schools) {
    const list = byState.get(school.state) ?? [];
    list.push(school);
    byState.set(school.state, list);
  }
  return { all: schools, byState };
}

function fill(pattern: string, tokens: Record<string, string>): string {
  let result = pattern;
  for (const [token, value] of Object.entries(tokens)) result = result.replaceAll(`{${token}}`, value);
  return result;
}

function clamp(value: number, low: number, high: number): number {
  return value < low ? low : value > high ? high : value;
}

/** How many organisations of one kind a city has, growing with its size. */
function countFor(population: number, scale: number, max: number): number {
  return clamp(1 + Math.round(Math.log2(population / scale)), 1, max);
}

function buildOrganizations(tables: Pick<Tables, 'city' | 'state' | 'organizations'>): void {
  const random = createRandom();
  random.reseed(ORGANIZATIONS_SEED, 0);
  // One profile per name everywhere: a name shared by two cities is one organisation.
  const registry = tables.organizations;
  const organization = (name: string, kind: keyof typeof ORGANIZATION_PROFILES): Organization => {
    let existing = registry.get(name);
    if (!existing) {
      const choices = ORGANIZATION_PROFILES[kind];
      const index = pick(weightedTable(choices.map((choice) => choice.weight)), random.next());
      existing = { name, profile: choices[index].profile };
      registry.set(name, existing);
    }
    return existing;
  };
  const pickFrom = <T>(list: readonly T[]): T => list[random.below(list.length)];
  const distinct = (
    count: number,
    make: () => string,
    kind: keyof typeof ORGANIZATION_PROFILES,
  ): Organization[] => {
    const names = new Set<string>();
    for (let attempt = 0; names.size < count && attempt < count * 20; attempt++) names.add(make());
    return [...names].map((name) => organization(name, kind));
  };

  const statePopulation = new Map<string, number>();
  for (const entry of tables.city) {
    statePopulation.set(
      entry.city.state,
      (statePopulation.get(entry.city.state) ?? 0) + entry.city.population,
    );
  }
  for (const [code, regions] of Object.entries(STATE_REGIONS)) {
    const healthSystems = distinct(
      countFor(statePopulation.get(code) ?? 0, 300, 4),
      () => fill(pickFrom(ORGANIZATION_NAME_PATTERNS['health-system']), { Region: pickFrom(regions) }),
      'health-system',
    );
    const research = organization(
      fill(pickFrom(ORGANIZATION_NAME_PATTERNS.research), { Region: pickFrom(regions) }),
      'research',
    );
    tables.state.set(code, { healthSystems, research });
  }

  for (const entry of tables.city) {
    const { city } = entry;
    const regions = STATE_REGIONS[city.state];
    const tokens = () => {
      const saint = pickFrom(SAINTS);
      return {
        City: city.name,
        Region: pickFrom(regions),
        Saint: saint,
        SaintPossessive: saint.endsWith('s') ? saint : `${saint}'s`,
      };
    };
    entry.hospitals = distinct(
      countFor(city.population, 25, 6),
      () => fill(pickFrom(ORGANIZATION_NAME_PATTERNS.hospital), tokens()),
      'hospital',
    );
    entry.academic = city.academic
      ? organization(fill(pickFrom(ORGANIZATION_NAME_PATTERNS.academic), tokens()), 'academic')
      : null;
    entry.affiliations = entry.hospitals.map((hospital) => hospital.name);
    if (entry.academic) entry.affiliations.push(entry.academic.name);
    entry.multiSpecialtyGroups = distinct(
      countFor(city.population, 50, 5),
      () => fill(pickFrom(ORGANIZATION_NAME_PATTERNS.multiSpecialtyGroup), tokens()),
      'multiSpecialtyGroup',
    );
    entry.clinics = distinct(
      countFor(city.population, 100, 3),
      () => fill(pickFrom(ORGANIZATION_NAME_PATTERNS.clinic), tokens()),
      'clinic',
    );
    entry.specialtyGroups = SPECIALTIES.map((specialty) => {
      const practice = SPECIALTY_PROFILES[specialty].practice;
      return distinct(
        countFor(city.population, 60, 5),
        () => fill(pickFrom(ORGANIZATION_NAME_PATTERNS.group), { ...tokens(), Practice: practice }),
        'group',
      );
    });
  }
}

function buildSpecialtyTables(): SpecialtyTables[] {
  // Ids by pattern text, so one practice name always hashes to the same revenue.
  const soloPatternIds = new Map<string, number>();
  const soloPatternId = (pattern: string) => {
    if (!soloPatternIds.has(pattern)) soloPatternIds.set(pattern, soloPatternIds.size);
    return soloPatternIds.get(pattern) as number;
  };
  return SPECIALTIES.map((name) => {
    const profile = SPECIALTY_PROFILES[name];
    const specific = new Set(profile.skills.map(([skill]) => skill));
    const skillRows = [...profile.skills, ...GENERIC_SKILLS.filter(([skill]) => !specific.has(skill))];
    const department = profile.department;
    const division = SUB_SPECIALTY_PHYSICIANS[name];
    return {
      name,
      kinds: weightedTable(ORGANIZATION_KINDS.map((kind) => profile.organizationKinds[kind])),
      skills: skillRows.map(([skill]) => skill),
      skillTable: weightedTable(skillRows.map(([, weight]) => weight)),
      hospitalRoles: profile.roleTitles,
      officeRoles: profile.roleTitles.filter((title) => !HOSPITAL_ONLY_ROLE.test(title)),
      chief: `Chief of ${profile.division}`,
      professors: [
        `Assistant Professor of ${department}`,
        `Associate Professor of ${department}`,
        `Professor of ${department}`,
      ],
      secondary: profile.secondary,
      secondaryShare: profile.secondaryShare,
      femaleShare: profile.femaleShare,
      telehealthShare: profile.telehealthShare,
      acceptingShare: profile.acceptingShare,
      soloPatterns: profile.soloPatterns.map((pattern) => ({ pattern, id: soloPatternId(pattern) })),
      areaTitles: SPECIALTIES.map((area) => `Physician Assistant, ${area}`),
      subSpecialties: [null, ...division.subSpecialties.map(([sub]) => sub)],
      subSpecialtyTable: weightedTable([division.general, ...division.subSpecialties.map(([, count]) => count)]),
      subSpecialtyTitles: [null, ...division.subSpecialties.map(([, , title]) => title)],
    };
  });
}

let cachedTables: Tables | null = null;

/** A city's ZIPs from the package; a city it lacks is an error (fix its name in CITY_ROWS). */
function cityZips(city: City): string[] {
  const zips = zipsOfCity(city.name, city.state);
  if (zips.length === 0)
    throw new Error(`generator: no ZIP codes for ${city.name}, ${city.state} in the zipcodes package`);
  return zips;
}

/** Specialties whose physicians accept Medicaid less often than the ~72% average. */
const MEDICAID_SHARE: Record<string, number> = {
  Psychiatry: 0.4,
  Dermatology: 0.45,
  'Orthopedic Surgery': 0.6,
};

function buildTables(): Tables {
  const city: CityTables[] = CITIES.map((entry) => ({
    city: entry,
    zips: cityZips(entry),
    phonePrefix: `(${entry.areaCode}) 555-01`,
    hospitals: [],
    academic: null,
    affiliations: [],
    multiSpecialtyGroups: [],
    specialtyGroups: [],
    clinics: [],
  }));
  const state = new Map<string, StateTables>();
  const organizations = new Map<string, Organization>();
  buildOrganizations({ city, state, organizations });

  // Within a state, physicians cluster in the larger cities, though less than people do.
  const cityShare = CITIES.map((entry) => Math.pow(entry.population, 0.85));
  const stateTotal = new Map<string, number>();
  CITIES.forEach((entry, i) =>
    stateTotal.set(entry.state, (stateTotal.get(entry.state) ?? 0) + cityShare[i]),
  );
  const cityWeights = CITIES.map(
    (entry, i) => (PHYSICIANS_BY_STATE[entry.state] * cityShare[i]) / (stateTotal.get(entry.state) as number),
  );
  const stateWeight = new Map<string, number>(
    [...stateTotal.keys()].map((code) => [code, PHYSICIANS_BY_STATE[code as UsStateCode]]),
  );
  const stateCodes = [...stateWeight.keys()];

  // Fewer of the earliest classes are still in practice; later classes are larger.
  const yearWeight = (year: number) => (year <= 2012 ? year - 1966 : 46);
  const years = (from: number) =>
    weightedTable(Array.from({ length: LAST_GRADUATION_YEAR - from + 1 }, (_, i) => yearWeight(from + i)));

  return {
    specialties: weightedTable(SPECIALTIES.map((name) => SPECIALTY_PROFILES[name].weight)),
    specialty: buildSpecialtyTables(),
    cities: weightedTable(cityWeights),
    city,
    state,
    organizations,
    stateCodes,
    stateWeights: weightedTable(stateCodes.map((code) => stateWeight.get(code) ?? 0)),
    graduationYears: years(FIRST_GRADUATION_YEAR),
    paGraduationYears: years(FIRST_PA_GRADUATION_YEAR),
    male: nameTable(MALE_FIRST_NAMES),
    female: nameTable(FEMALE_FIRST_NAMES),
    surnames: nameTable(SURNAMES),
    surnameLanguages: SURNAMES.map((surname) => surname.language),
    secondLanguages: SECOND_LANGUAGE_WEIGHTS.map((entry) => entry.language),
    secondLanguageTable: weightedTable(SECOND_LANGUAGE_WEIGHTS.map((entry) => entry.weight)),
    mdSchools: schoolTable(MD_SCHOOLS),
    doSchools: schoolTable(DO_SCHOOLS),
    paPrograms: schoolTable(PA_PROGRAMS),
    undergraduateFields: weightedTable(UNDERGRADUATE_FIELDS.map((field) => field.weight)),
    graduateFields: {
      MS: weightedTable(GRADUATE_FIELDS.MS.map((field) => field.weight)),
      PhD: weightedTable(GRADUATE_FIELDS.PhD.map((field) => field.weight)),
      MBA: weightedTable(GRADUATE_FIELDS.MBA.map((field) => field.weight)),
    },
    // 1 to 6 skills, most profiles listing three to five.
    skillCount: weightedTable([10, 15, 22, 22, 17, 14]),
  };
}

function tables(): Tables {
  cachedTables ??= buildTables();
  return cachedTables;
}

// ---------------------------------------------------------------------------------------------
// One physician

function chooseSchool(random: Random, schools: SchoolTable, state: string, year: number): School {
  const local = schools.byState.get(state);
  for (let attempt = 0; attempt < 8; attempt++) {
    // Many train where they later practise.
    const list = local && random.next() < 0.3 ? local : schools.all;
    const school = list[random.below(list.length)];
    if (school.firstClass <= year) return school;
  }
  return schools.all[0];
}

function fieldName(random: Random, table: WeightedTable, rows: WeightedName[]): string {
  return rows[pick(table, random.next())].name;
}

function buildEducation(
  random: Random,
  t: Tables,
  program: EducationEntry,
  programStart: number,
  graduationYear: number,
  isPhysicianAssistant: boolean,
): EducationEntry[] {
  const entries: EducationEntry[] = [];
  const roll = random.next();
  let undergraduateEnd: number;
  let before: EducationEntry | null = null;
  if (isPhysicianAssistant) {
    // PA programmes expect years of hands-on patient care first.
    undergraduateEnd = programStart - 1 - random.below(4);
  } else if (roll < 0.035) {
    const length = 4 + random.below(2);
    before = {
      schoolName: UNDERGRADUATE_SCHOOLS[random.below(UNDERGRADUATE_SCHOOLS.length)].name,
      degree: 'PhD',
      field: fieldName(random, t.graduateFields.PhD, GRADUATE_FIELDS.PhD),
      startDate: String(programStart - length),
      endDate: String(programStart),
    };
    undergraduateEnd = programStart - length - random.below(2);
  } else if (roll < 0.085) {
    const end = programStart - random.below(2);
    before = {
      schoolName: UNDERGRADUATE_SCHOOLS[random.below(UNDERGRADUATE_SCHOOLS.length)].name,
      degree: 'MS',
      field: fieldName(random, t.graduateFields.MS, GRADUATE_FIELDS.MS),
      startDate: String(end - 2),
      endDate: String(end),
    };
    undergraduateEnd = end - 2 - random.below(2);
  } else {
    const gap = random.next();
    undergraduateEnd = programStart - (gap < 0.62 ? 0 : gap < 0.84 ? 1 : gap < 0.95 ? 2 : 3);
  }

  // Most recent first, as profiles list them.
  if (!isPhysicianAssistant && roll >= 0.085 && roll < 0.15) {
    const mbaStart = graduationYear + 4 + random.below(12);
    if (mbaStart + 2 <= REFERENCE_YEAR) {
      entries.push({
        schoolName: BUSINESS_SCHOOLS[random.below(BUSINESS_SCHOOLS.length)],
        degree: 'MBA',
        field: fieldName(random, t.graduateFields.MBA, GRADUATE_FIELDS.MBA),
        startDate: String(mbaStart),
        endDate: String(mbaStart + 2),
      });
    }
  }
  entries.push(program);
  if (before) entries.push(before);
  entries.push({
    schoolName: UNDERGRADUATE_SCHOOLS[random.below(UNDERGRADUATE_SCHOOLS.length)].name,
    degree: 'BS',
    field: fieldName(random, t.undergraduateFields, UNDERGRADUATE_FIELDS),
    startDate: String(undergraduateEnd - 4),
    endDate: String(undergraduateEnd),
  });
  return entries;
}

function itemOf<T>(random: Random, list: readonly T[]): T {
  return list[random.below(list.length)];
}

/** The first role title of a specialty is the usual one, the second common, the rest rarer. */
function roleTitle(random: Random, titles: readonly string[]): string {
  const r = random.next();
  if (r < 0.5 || titles.length === 1) return titles[0];
  if (r < 0.72 || titles.length === 2) return titles[1];
  return titles[2 + random.below(titles.length - 2)];
}

function chooseTitle(
  random: Random,
  specialty: SpecialtyTables,
  kind: OrganizationKind,
  seniority: number,
  secondary: number,
): string {
  const r = random.next();
  if (specialty.name === 'Physician Assistant') {
    if (seniority >= 10 && r < 0.12) return 'Lead Physician Assistant';
    if (secondary >= 0 && r < 0.5) return specialty.areaTitles[secondary];
    return roleTitle(random, specialty.officeRoles);
  }
  switch (kind) {
    case 'industry': {
      if (seniority >= 20 && r < 0.08) return 'Chief Medical Officer';
      const titles = [
        'Medical Director',
        'Medical Science Liaison',
        'Clinical Research Physician',
        'Director of Clinical Development',
      ];
      return titles[random.below(titles.length)];
    }
    case 'research': {
      const titles = [
        'Principal Investigator',
        'Clinical Research Physician',
        'Medical Director',
        'Sub-Investigator',
      ];
      return titles[random.below(titles.length)];
    }
    case 'academic': {
      if (r < 0.55) return specialty.professors[seniority >= 22 ? 2 : seniority >= 13 ? 1 : 0];
      if (r < 0.61 && seniority >= 15) return specialty.chief;
      if (r < 0.63 && seniority >= 20) return 'Department Chair';
      if (r < 0.68 && seniority >= 10) return 'Residency Program Director';
      return r < 0.84 ? 'Attending Physician' : roleTitle(random, specialty.hospitalRoles);
    }
    case 'hospital':
    case 'health-system': {
      if (r < 0.5) return roleTitle(random, specialty.hospitalRoles);
      if (r < 0.68) return 'Attending Physician';
      if (r < 0.8) return 'Staff Physician';
      if (r < 0.86 && seniority >= 10) return 'Medical Director';
      if (r < 0.9 && seniority >= 15) return specialty.chief;
      if (r < 0.905 && seniority >= 20) return 'Chief Medical Officer';
      if (r < 0.915 && seniority >= 20) return 'Department Chair';
      return roleTitle(random, specialty.hospitalRoles);
    }
    case 'group': {
      if (r < 0.6) return roleTitle(random, specialty.officeRoles);
      if (r < 0.76 && seniority >= 8) return 'Physician Partner';
      if (r < 0.81 && seniority >= 12) return 'Medical Director';
      if (r < 0.83 && seniority >= 15) return 'Managing Partner';
      return r < 0.92 ? 'Staff Physician' : roleTitle(random, specialty.officeRoles);
    }
    case 'solo': {
      if (r < 0.2) return 'Physician Owner';
      if (r < 0.3) return 'Founder and Physician';
      return roleTitle(random, specialty.officeRoles);
    }
    case 'clinic': {
      if (r < 0.1 && seniority >= 10) return 'Medical Director';
      return r < 0.4 ? 'Staff Physician' : roleTitle(random, specialty.officeRoles);
    }
  }
}

function buildPhysician(id: number, random: Random, t: Tables): GeneratedPhysician {
  const specialtyIndex = pick(t.specialties, random.next());
  const specialty = t.specialty[specialtyIndex];
  const isPhysicianAssistant = specialty.name === 'Physician Assistant';
  const graduationYear = isPhysicianAssistant
    ? FIRST_PA_GRADUATION_YEAR + pick(t.paGraduationYears, random.next())
    : FIRST_GRADUATION_YEAR + pick(t.graduationYears, random.next());
  const seniority = REFERENCE_YEAR - graduationYear;
  const place = t.city[pick(t.cities, random.next())];
  const city = place.city;

  // Women are a growing share of each graduating class.
  const female = random.next() < clamp(specialty.femaleShare + (graduationYear - 2000) * 0.008, 0.03, 0.9);
  const firstNames = female ? t.female : t.male;
  const firstIndex = pick(firstNames.table, random.next());
  const firstName = firstNames.names[firstIndex];
  const firstSlug = firstNames.slugs[firstIndex];
  const surnameIndex = pick(t.surnames.table, random.next());
  const lastName = t.surnames.names[surnameIndex];
  const lastSlug = t.surnames.slugs[surnameIndex];
  const middleRoll = random.next();
  const middleName =
    middleRoll < 0.45
      ? firstNames.names[pick(firstNames.table, random.next())]
      : middleRoll < 0.7
        ? firstNames.names[pick(firstNames.table, random.next())][0]
        : null;

  // The share of DOs has grown steadily; about a quarter overall.
  const credential = isPhysicianAssistant
    ? 'PA-C'
    : random.next() <
        0.08 +
          (0.27 * (graduationYear - FIRST_GRADUATION_YEAR)) / (LAST_GRADUATION_YEAR - FIRST_GRADUATION_YEAR)
      ? 'DO'
      : 'MD';
  const schools = isPhysicianAssistant ? t.paPrograms : credential === 'DO' ? t.doSchools : t.mdSchools;
  const school = chooseSchool(random, schools, city.state, graduationYear);
  const programStart = graduationYear - (isPhysicianAssistant ? 2 : 4);
  const program: EducationEntry = {
    schoolName: school.name,
    degree: isPhysicianAssistant ? 'MS' : credential,
    field: isPhysicianAssistant
      ? 'Physician Assistant Studies'
      : credential === 'DO'
        ? 'Osteopathic Medicine'
        : 'Medicine',
    startDate: String(programStart),
    endDate: String(graduationYear),
  };
  const education = buildEducation(random, t, program, programStart, graduationYear, isPhysicianAssistant);

  let secondaryIndex = -1;
  if (specialty.secondary.length > 0 && random.next() < specialty.secondaryShare) {
    secondaryIndex = SPECIALTIES.indexOf(specialty.secondary[random.below(specialty.secondary.length)]);
  }

  // Organisation, its profile and the hospital the physician admits to.
  let kind = ORGANIZATION_KINDS[pick(specialty.kinds, random.next())];
  if (kind === 'academic' && !place.academic) kind = 'hospital';
  let organization: Organization;
  let hospitalAffiliation: string | null = null;
  switch (kind) {
    case 'hospital':
      organization = place.hospitals[random.below(place.hospitals.length)];
      hospitalAffiliation = organization.name;
      break;
    case 'academic':
      organization = place.academic as Organization;
      hospitalAffiliation = organization.name;
      break;
    case 'health-system': {
      const systems = (t.state.get(city.state) as StateTables).healthSystems;
      organization = systems[random.below(systems.length)];
      hospitalAffiliation = itemOf(random, place.affiliations);
      break;
    }
    case 'group': {
      // A physician assistant joins a group of the specialty they work in.
      const groupSpecialty = isPhysicianAssistant ? secondaryIndex : specialtyIndex;
      const groups =
        groupSpecialty < 0 || random.next() < 0.35
          ? place.multiSpecialtyGroups
          : place.specialtyGroups[groupSpecialty];
      organization = groups[random.below(groups.length)];
      if (random.next() < 0.8) hospitalAffiliation = itemOf(random, place.affiliations);
      break;
    }
    case 'solo': {
      const { pattern, id: patternId } = specialty.soloPatterns[random.below(specialty.soloPatterns.length)];
      // Usually the physician's own practice; otherwise a colleague's.
      const ownerIndex = random.next() < 0.65 ? surnameIndex : pick(t.surnames.table, random.next());
      let partnerIndex = pick(t.surnames.table, random.next());
      if (partnerIndex === ownerIndex) partnerIndex = (partnerIndex + 1) % t.surnames.names.length;
      const usesPartner = pattern.includes('{Surname2}');
      let name = pattern.replace('{Surname}', t.surnames.names[ownerIndex]);
      if (usesPartner) name = name.replace('{Surname2}', t.surnames.names[partnerIndex]);
      // Derived from the name's parts, so the same practice name always has the same revenue.
      const hash = mix32(patternId * 7919 + ownerIndex * 104_729 + (usesPartner ? partnerIndex : 0));
      // 'Jackson Urgent Care' may already be the clinic of Jackson, MS: then it is that clinic.
      organization = t.organizations.get(name) ?? {
        name,
        profile: {
          size: '1 to 19',
          revenue: hash % 100 < 55 ? '<$1M' : '$1M to <$10M',
          industry: 'Medical Practice',
        },
      };
      if (random.next() < 0.8) hospitalAffiliation = itemOf(random, place.affiliations);
      break;
    }
    case 'clinic':
      organization = place.clinics[random.below(place.clinics.length)];
      if (random.next() < 0.7) hospitalAffiliation = itemOf(random, place.affiliations);
      break;
    case 'industry': {
      const company = INDUSTRY_COMPANIES[random.below(INDUSTRY_COMPANIES.length)];
      organization = { name: company.name, profile: company };
      if (random.next() < 0.15) hospitalAffiliation = itemOf(random, place.affiliations);
      break;
    }
    case 'research':
      organization = (t.state.get(city.state) as StateTables).research;
      if (random.next() < 0.3) hospitalAffiliation = itemOf(random, place.affiliations);
      break;
  }
  let title = chooseTitle(random, specialty, kind, seniority, secondaryIndex);

  // English always; a second language more often when the family name suggests one.
  const languages = ['English'];
  const heritage = t.surnameLanguages[surnameIndex];
  if (heritage && random.next() < 0.4) {
    languages.push(heritage);
  } else if (random.next() < 0.15) {
    languages.push(
      SPANISH_HEAVY_STATES.has(city.state) && random.next() < 0.4
        ? 'Spanish'
        : t.secondLanguages[pick(t.secondLanguageTable, random.next())],
    );
  }

  const skillCount = 1 + pick(t.skillCount, random.next());
  const skills: string[] = [];
  if (languages[1] === 'Spanish' && random.next() < 0.4) skills.push('Spanish');
  for (let attempt = 0; skills.length < skillCount && attempt < 30; attempt++) {
    const skill = specialty.skills[pick(specialty.skillTable, random.next())];
    if (!skills.includes(skill)) skills.push(skill);
  }

  const licenseStates = [city.state as string];
  const extraLicenses = random.next();
  const wanted = extraLicenses < 0.7 ? 1 : extraLicenses < 0.9 ? 2 : 3;
  for (let attempt = 0; licenseStates.length < wanted && attempt < 10; attempt++) {
    const candidate = random.next() < 0.5 ? school.state : t.stateCodes[pick(t.stateWeights, random.next())];
    if (!licenseStates.includes(candidate)) licenseStates.push(candidate);
  }

  const boardCertified =
    random.next() <
    (isPhysicianAssistant ? 0.97 : graduationYear >= 2020 ? 0.6 : graduationYear >= 2017 ? 0.8 : 0.89);
  const seesPatients = kind !== 'industry' && kind !== 'research';
  const acceptingNewPatients =
    seesPatients && random.next() < specialty.acceptingShare - (kind === 'academic' ? 0.05 : 0);
  const telehealth = seesPatients && random.next() < specialty.telehealthShare;

  const idText = String(id);
  const linkedinUrl =
    random.next() <
    0.55 + (0.25 * (graduationYear - FIRST_GRADUATION_YEAR)) / (LAST_GRADUATION_YEAR - FIRST_GRADUATION_YEAR)
      ? `https://www.linkedin.com/in/${firstSlug}-${lastSlug}-${id.toString(36)}`
      : null;
  const personalRoll = random.next();
  const personalEmail =
    personalRoll < 0.65
      ? `${firstSlug}.${lastSlug}.${idText}@example.com`
      : personalRoll < 0.9
        ? `${firstSlug}${lastSlug}${idText}@example.net`
        : null;
  const workEmail = random.next() < 0.95 ? `${firstSlug[0]}${lastSlug}${idText}@example.org` : null;
  const mobilePhone = random.next() < 0.9 ? place.phonePrefix + TWO_DIGITS[random.below(100)] : null;
  const officePhone = random.next() < 0.88 ? place.phonePrefix + TWO_DIGITS[random.below(100)] : null;
  // The latest verification of the physician's contacts: squared, so recent dates are the most
  // common and the oldest about two years back. (One draw, as before this was per contact.)
  const recency = random.next();
  const formerlyVerifiedAt = new Date(
    REFERENCE_TIME - (1 + Math.floor(recency * recency * (VERIFIED_WINDOW_SECONDS - 1))) * 1000,
  );
  // The fields added later draw last, so every field above stays as it was.
  // One draw, in the shares of sub-specialty-shares.ts; a sub-specialty's physicians carry its
  // role title where the specialty's own would be ('Otolaryngologist', not 'General Surgeon').
  const subIndex = pick(specialty.subSpecialtyTable, random.next());
  const subSpecialty = specialty.subSpecialties[subIndex];
  const subTitle = specialty.subSpecialtyTitles[subIndex];
  if (subTitle && specialty.hospitalRoles.includes(title)) title = subTitle;
  const acceptingMedicaid = seesPatients && random.next() < (MEDICAID_SHARE[specialty.name] ?? 0.72);
  const createdAt = new Date(
    Math.min(formerlyVerifiedAt.getTime(), REFERENCE_TIME - random.below(ADDED_WINDOW_SECONDS) * 1000),
  );

  return {
    id,
    npi: npiForId(id),
    firstName,
    middleName,
    lastName,
    title,
    credential,
    source: 'demo',
    specialty: specialty.name,
    secondarySpecialty: secondaryIndex >= 0 ? SPECIALTIES[secondaryIndex] : null,
    subSpecialty,
    organization: organization.name,
    organizationSize: organization.profile.size,
    organizationRevenue: organization.profile.revenue,
    organizationIndustry: organization.profile.industry,
    city: city.name,
    state: city.state,
    zip: place.zips[random.below(place.zips.length)],
    skills,
    education,
    medicalSchool: school.name,
    graduationYear,
    gender: female ? 'F' : 'M',
    languages,
    boardCertified,
    hospitalAffiliation,
    licenseStates,
    acceptingNewPatients,
    telehealth,
    acceptingMedicaid,
    linkedinUrl,
    // Set with the contacts' checks (contactFreshnessOf).
    verifiedAt: null,
    createdAt,
    personalEmail,
    workEmail,
    mobilePhone,
    officePhone,
    contactFreshness: [],
    inTraining: false,
    movedOn: null,
    locationChanges: [],
    locationSourceDate: null,
    selfReportedEmail: null,
    selfReportedPhone: null,
    selfReportedAt: null,
    affiliations: null,
  };
}

/**
 * Each contact value's freshness and last check, from a random stream of its own (so nothing
 * else in the record moves): a few values are made bad first (a disposable domain, a role
 * address, a number with no area code, a toll-free mobile), then each present value was checked
 * by the built-in verifier within CHECK_WINDOW_SECONDS before `loadedAt`, or never
 * (NEVER_CHECKED_SHARE). Its result is what the built-in checks answer for that value, so the
 * re-verification job finds the same. The physician's verifiedAt is the latest valid check.
 * No value is 'reported' here: only users report, and the demo's reports are made by its demo
 * accounts through the contacts feature once they exist (demo-reports.ts).
 */
function contactFreshnessOf(p: GeneratedPhysician, random: Random, loadedAt: number): ContactFreshness[] {
  const idText = p.id.toString(36);
  if (p.personalEmail && random.next() < DISPOSABLE_EMAIL_SHARE) {
    p.personalEmail = `${p.personalEmail.slice(0, p.personalEmail.indexOf('@'))}@${DISPOSABLE_DOMAINS[random.below(DISPOSABLE_DOMAINS.length)]}`;
  }
  if (p.workEmail && random.next() < ROLE_EMAIL_SHARE) p.workEmail = `office+${idText}@example.org`;
  if (p.mobilePhone) {
    const roll = random.next();
    if (roll < INVALID_PHONE_SHARE) p.mobilePhone = `(555)${p.mobilePhone.slice(5)}`;
    else if (roll < INVALID_PHONE_SHARE + TOLL_FREE_MOBILE_SHARE) p.mobilePhone = `(800)${p.mobilePhone.slice(5)}`;
  }
  if (p.officePhone && random.next() < INVALID_PHONE_SHARE) p.officePhone = `(555)${p.officePhone.slice(5)}`;

  let latestValid: number | null = null;
  const freshness = CONTACT_VALUE_ORDER.map((key, i): ContactFreshness => {
    const value = p[key];
    const never: ContactFreshness = { status: 'unverified', verifiedAt: null, verification: 'unknown', confidence: null, method: null };
    if (value === null || random.next() < NEVER_CHECKED_SHARE) return never;
    const verifiedAt = new Date(loadedAt - 1000 * (1 + random.below(CHECK_WINDOW_SECONDS)));
    const check = i < 2 ? demoEmailCheck(value) : demoPhoneCheck(value, i === 2 ? 'mobile' : 'office');
    if (check.verification === 'valid') latestValid = Math.max(latestValid ?? 0, verifiedAt.getTime());
    return { status: check.verification === 'valid' ? 'verified' : 'unverified', verifiedAt, ...check, method: 'builtin' };
  });
  p.verifiedAt = latestValid === null ? null : new Date(latestValid);
  return freshness;
}

/**
 * Yields `count` synthetic physicians with ids startId, startId + 1, ... Each record depends
 * only on (seed, id) and the load's time: its random streams are restarted from both, so any
 * slice of ids can be generated on its own (or in parallel) and matches the same slice of a full
 * run.
 */
let facilityTables: DemoFacilities | null = null;

/** The demo's hospitals (the same every run): the hospitals table of a demo directory. */
export function demoFacilityTables(): DemoFacilities {
  return (facilityTables ??= demoFacilities(tables().city));
}

export function* generatePhysicians(options: {
  count: number;
  seed?: number;
  startId?: number;
  /**
   * The load's time (ms since 1970): the contacts' checks end here and every signal's date is
   * relative to it (a move within the last year, a resident's class). The demo load passes its
   * own start time; the default is the fixed reference time, so tests and the e2e fixtures get
   * the same records on every day.
   */
  loadedAt?: number;
  /** false: the records without their signals (ADR 054), as they were before them; for comparison in tests. */
  withSignals?: boolean;
}): Generator<GeneratedPhysician> {
  const { count, seed = DEFAULT_SEED, startId = 1, loadedAt = REFERENCE_TIME, withSignals = true } = options;
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`count must be a non-negative integer, got ${count}`);
  if (!Number.isInteger(startId) || startId < 1 || startId + count > NPI_BODY_RANGE) {
    // Beyond 10^8 ids the NPI bijection would repeat.
    throw new RangeError(`ids must stay within 1..${NPI_BODY_RANGE - 1}`);
  }
  const t = tables();
  const random = createRandom();
  const freshnessRandom = createRandom();
  const signalRandom = createRandom();
  const affiliationRandom = createRandom();
  const facilities = demoFacilityTables();
  const signals = demoSignals({ places: t.city, placeTable: t.cities }, { seed, loadedAt });
  for (let i = 0; i < count; i++) {
    const id = startId + i;
    random.reseed(seed, id);
    const physician = buildPhysician(id, random, t);
    freshnessRandom.reseed(seed ^ FRESHNESS_STREAM, id);
    physician.contactFreshness = contactFreshnessOf(physician, freshnessRandom, loadedAt);
    if (withSignals) signals.apply(physician, signalRandom);
    // Their own stream, after the signals (a mover's hospitals are the new city's): drawing them
    // changes none of the values above.
    affiliationRandom.reseed(seed ^ AFFILIATION_STREAM, id);
    physician.affiliations = demoAffiliations(physician, affiliationRandom, facilities);
    yield physician;
  }
}
