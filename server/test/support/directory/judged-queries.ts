import { resolveSpecialtyTerm } from '../../../../contract/recruiter-vocabulary';
import { searchTerm, searchWords } from '../../../features/directory/search-index/data/search-words';

/*
 * Recruiters' queries, judged (docs/decisions/020-search-relevance.md): what each one should find
 * on the test directory (judged-search.test.ts: 3,000 demo physicians and the rows below). A query
 * names its expected physicians (`ids`: all of them, no other) or a property every good result
 * has ('urology phoenix': a urologist in Phoenix). The test reports precision at 25 per kind: the
 * share of the first 25 results (or fewer, when fewer match) that have the property.
 */

/** A physician as the judge sees it. */
export type JudgedRow = {
  id: number;
  npi: string | null;
  firstName: string;
  lastName: string;
  title: string | null;
  credential: string | null;
  specialty: string | null;
  subSpecialty: string | null;
  organization: string | null;
  city: string | null;
  state: string | null;
  skills: string[];
};

export type JudgedKind =
  | 'name'
  | 'specialty noun'
  | 'abbreviation'
  | 'typo'
  | 'specialty + city'
  | 'title'
  | 'skill'
  | 'NPI'
  | 'accents'
  | 'several words'
  | 'not a field'
  | 'people words';

export type JudgedQuery = {
  kind: JudgedKind;
  query: string;
  /** Every good result has it. */
  property?: (row: JudgedRow) => boolean;
  /** Exactly these physicians (fixture ids) match. */
  ids?: number[];
  /** Among the matches. */
  includes?: number[];
  /** Never among the matches. */
  excludes?: number[];
  /** What the answer says of the query's words of no field we hold (unheldWords' messages). */
  unheld?: string[];
  /** The query the search should read a misspelling as. */
  corrected?: string;
  /** On the first page, every result that has this comes before every result that has not. */
  first?: (row: JudgedRow) => boolean;
  /** The least precision at 25 accepted (1 unless said). */
  minPrecision?: number;
};

/** The fixture's own physicians (ids after the demo's), for names, accents and NPIs. */
export const JUDGED_ROWS: Omit<JudgedRow, 'id'>[] = [
  row('Anna', 'Wiebé', 'Family Medicine', { city: 'Denver', state: 'CO', npi: '1999000101' }),
  row('Paul', 'Wiebe', 'Cardiology', { city: 'Denver', state: 'CO', npi: '1999000102' }),
  row('Karl', 'Smith-Jones', 'Urology', { city: 'Phoenix', state: 'AZ', npi: '1999000103' }),
  row('Ruth', 'Goldsmith', 'Urology', { city: 'Phoenix', state: 'AZ', npi: '1999000104' }),
  row('José', 'Núñez', 'Pediatrics', { city: 'San José', state: 'CA', npi: '1999000105' }),
  row('Zoë', 'Müller', 'Neurology', { city: 'Boston', state: 'MA', npi: '1999000106' }),
  row('Maeve', "O'Sullivan", 'Psychiatry', { city: 'Boston', state: 'MA', npi: '1999000107' }),
  row('Nils', 'Neurologist', 'Internal Medicine', { city: 'Austin', state: 'TX', npi: '1999000108' }),
  // An otolaryngologist of our own (a sub-specialty under General Surgery), in Phoenix.
  row('Omar', 'Khan', 'General Surgery', {
    subSpecialty: 'Otolaryngology',
    city: 'Phoenix',
    state: 'AZ',
    npi: '1999000109',
  }),
  // Cities a recruiter spells short ('st louis', 'ft wayne').
  row('Grace', 'Lindqvist', 'Cardiology', { city: 'Saint Louis', state: 'MO', npi: '1999000110' }),
  row('Hugo', 'Brandt', 'Cardiology', { city: 'Fort Wayne', state: 'IN', npi: '1999000111' }),
];
/** Fixture ids: the demo's rows come first (1..DEMO_ROWS). */
export const fixtureId = (demoRows: number, index: number) => demoRows + 1 + index;

function row(
  firstName: string,
  lastName: string,
  specialty: string,
  more: Partial<JudgedRow>,
): Omit<JudgedRow, 'id'> {
  return {
    npi: null,
    title: null,
    credential: 'MD',
    subSpecialty: null,
    organization: null,
    city: null,
    state: null,
    skills: [],
    firstName,
    lastName,
    specialty,
    ...more,
  };
}

// The judge's tests, written independently of the search's code where it can be.
const words = (value: string | null | undefined) => searchWords(value ?? '');
const startsWord = (value: string | null | undefined, term: string) =>
  words(value).includes(` ${searchTerm(term)}`);
const wholeWords = (value: string | null | undefined, term: string) =>
  `${words(value)} `.includes(` ${searchTerm(term)} `);
const nameStarts = (r: JudgedRow, term: string) =>
  startsWord(r.firstName, term) || startsWord(r.lastName, term);
const inCity = (r: JudgedRow, city: string) => (r.city ?? '').trim().toLowerCase() === city;
/** The city as a place: its St/Ft/Mt words spelled out ('St. Louis' is 'saint louis'). */
const place = (value: string | null) =>
  words(value).replace(/ st(?= |$)/g, ' saint').replace(/ ft(?= |$)/g, ' fort').replace(/ mt(?= |$)/g, ' mount').trim();
const inPlace = (r: JudgedRow, city: string) => place(r.city) === city;
/** A physician of the sub-specialty a recruiter's word names (its specialty does not count). */
const ofSub = (term: string) => (r: JudgedRow) =>
  resolveSpecialtyTerm(term)!.subSpecialties.some((s) => s.toLowerCase() === (r.subSpecialty ?? '').trim().toLowerCase());
/** A physician of the specialty a recruiter's word names, or whose title says it. */
const isA = (term: string) => (r: JudgedRow) => {
  const target = resolveSpecialtyTerm(term);
  if (!target) throw new Error(`'${term}' is not in the vocabulary`);
  const specialty = (r.specialty ?? '').trim().toLowerCase();
  const sub = (r.subSpecialty ?? '').trim().toLowerCase();
  return (
    target.specialties.some((s) => s.toLowerCase() === specialty) ||
    target.subSpecialties.some((s) => s.toLowerCase() === sub) ||
    wholeWords(r.title, term) ||
    r.skills.some((skill) => wholeWords(skill, term))
  );
};
const both =
  (...tests: ((r: JudgedRow) => boolean)[]) =>
  (r: JudgedRow) =>
    tests.every((t) => t(r));

/** `demoRows`: how many demo physicians come before the fixture's (their ids). */
export function judgedQueries(demoRows: number): JudgedQuery[] {
  const id = (index: number) => fixtureId(demoRows, index);
  const [
    wiebeAccent,
    wiebe,
    smithJones,
    goldsmith,
    nunez,
    muller,
    osullivan,
    neurologistByName,
    otolaryngologist,
    saintLouis,
    fortWayne,
  ] = JUDGED_ROWS.map((_, k) => id(k));
  return [
    // Names
    {
      kind: 'name',
      query: 'smith',
      property: (r) => nameStarts(r, 'smith'),
      includes: [smithJones],
      excludes: [goldsmith],
    },
    { kind: 'name', query: 'Johnson', property: (r) => nameStarts(r, 'johnson') },
    { kind: 'name', query: 'michael', property: (r) => nameStarts(r, 'michael') },
    { kind: 'name', query: 'Williams', property: (r) => nameStarts(r, 'williams') },
    { kind: 'name', query: "o'brien", property: (r) => startsWord(r.lastName, "o'brien") },
    { kind: 'name', query: 'Reyes-Garcia', property: (r) => startsWord(r.lastName, 'reyes garcia') },
    { kind: 'name', query: 'goldsmith', ids: [goldsmith] },
    { kind: 'name', query: 'jones', property: (r) => nameStarts(r, 'jones'), includes: [smithJones] },
    // Specialty nouns
    { kind: 'specialty noun', query: 'urologist', property: isA('urologist'), excludes: [neurologistByName] },
    { kind: 'specialty noun', query: 'urology', property: isA('urology') },
    { kind: 'specialty noun', query: 'cardiologist', property: isA('cardiologist') },
    { kind: 'specialty noun', query: 'pediatrician', property: isA('pediatrician') },
    { kind: 'specialty noun', query: 'dermatologist', property: isA('dermatologist') },
    { kind: 'specialty noun', query: 'psychiatrist', property: isA('psychiatrist') },
    { kind: 'specialty noun', query: 'anesthesiologist', property: isA('anesthesiologist') },
    { kind: 'specialty noun', query: 'radiologist', property: isA('radiologist') },
    { kind: 'specialty noun', query: 'hospitalist', property: ofSub('hospitalist') },
    { kind: 'specialty noun', query: 'intensivist', property: isA('intensivist') },
    { kind: 'specialty noun', query: 'gynecologist', property: isA('gynecologist') },
    { kind: 'specialty noun', query: 'neurologist', property: isA('neurologist') },
    { kind: 'specialty noun', query: 'oncologist', property: isA('oncologist') },
    // The fields recruiters fill under one of the 18 (ADR 052): the sub-specialty itself first.
    { kind: 'specialty noun', query: 'neurosurgeon', property: ofSub('neurosurgeon') },
    { kind: 'specialty noun', query: 'nephrologist', property: ofSub('nephrologist') },
    { kind: 'specialty noun', query: 'otolaryngologist', property: ofSub('otolaryngologist'), includes: [otolaryngologist] },
    { kind: 'specialty noun', query: 'ophthalmologist', property: ofSub('ophthalmologist') },
    // 'Reproductive Endocrinologist' is a title of OBGYN's: after the sub-specialty's physicians.
    {
      kind: 'specialty noun',
      query: 'endocrinologist',
      property: isA('endocrinologist'),
      first: ofSub('endocrinologist'),
    },
    // Abbreviations
    { kind: 'abbreviation', query: 'ENT', property: ofSub('ENT'), includes: [otolaryngologist] },
    { kind: 'abbreviation', query: 'endo', property: ofSub('endo') },
    { kind: 'abbreviation', query: 'neph', property: ofSub('neph') },
    { kind: 'abbreviation', query: 'GI', property: isA('GI') },
    { kind: 'abbreviation', query: 'derm', property: isA('derm') },
    { kind: 'abbreviation', query: 'psych', property: isA('psych') },
    { kind: 'abbreviation', query: 'ortho', property: isA('ortho') },
    { kind: 'abbreviation', query: 'neuro', property: isA('neuro') },
    { kind: 'abbreviation', query: 'onc', property: isA('onc') },
    { kind: 'abbreviation', query: 'heme/onc', property: isA('heme/onc') },
    { kind: 'abbreviation', query: 'EM', property: isA('EM') },
    { kind: 'abbreviation', query: 'ER', property: isA('ER') },
    { kind: 'abbreviation', query: 'IM', property: isA('IM') },
    { kind: 'abbreviation', query: 'FM', property: isA('FM') },
    { kind: 'abbreviation', query: 'PA', property: isA('PA') },
    { kind: 'abbreviation', query: 'peds', property: isA('peds') },
    { kind: 'abbreviation', query: 'ob/gyn', property: isA('ob/gyn') },
    { kind: 'abbreviation', query: 'cards', property: isA('cards') },
    // Typos (5+ letters, one edit)
    { kind: 'typo', query: 'cardiolgy', corrected: 'cardiology', property: isA('cardiology') },
    { kind: 'typo', query: 'urolgy', corrected: 'urology', property: isA('urology') },
    { kind: 'typo', query: 'pediatrcs', corrected: 'pediatrics', property: isA('pediatrics') },
    { kind: 'typo', query: 'dermatolgy', corrected: 'dermatology', property: isA('dermatology') },
    { kind: 'typo', query: 'radiolgoy', corrected: 'radiology', property: isA('radiology') },
    { kind: 'typo', query: 'Jonhson', corrected: 'johnson', property: (r) => nameStarts(r, 'johnson') },
    { kind: 'typo', query: 'willaims', corrected: 'williams', property: (r) => nameStarts(r, 'williams') },
    // A specialty and a city
    {
      kind: 'specialty + city',
      query: 'urology phoenix',
      property: both(isA('urology'), (r) => inCity(r, 'phoenix')),
      includes: [smithJones, goldsmith],
    },
    {
      kind: 'specialty + city',
      query: 'cardiology boston',
      property: both(isA('cardiology'), (r) => inCity(r, 'boston')),
      first: (r) => r.specialty === 'Cardiology' && inCity(r, 'boston'),
    },
    {
      kind: 'specialty + city',
      query: 'pediatrician chicago',
      property: both(isA('pediatrician'), (r) => inCity(r, 'chicago')),
    },
    {
      kind: 'specialty + city',
      query: 'ob/gyn houston',
      property: both(isA('ob/gyn'), (r) => inCity(r, 'houston')),
    },
    {
      kind: 'specialty + city',
      query: 'psychiatrist los angeles',
      property: both(isA('psychiatrist'), (r) => inCity(r, 'los angeles')),
    },
    {
      kind: 'specialty + city',
      query: 'family medicine brooklyn',
      property: both(isA('family medicine'), (r) => inCity(r, 'brooklyn')),
    },
    {
      kind: 'specialty + city',
      query: 'EM philadelphia',
      property: both(isA('EM'), (r) => inCity(r, 'philadelphia')),
    },
    {
      kind: 'specialty + city',
      query: 'psychiatry boston ma',
      property: both(
        isA('psychiatry'),
        (r) => inCity(r, 'boston'),
        (r) => (r.state ?? '').trim().toUpperCase() === 'MA',
      ),
      includes: [osullivan],
    },
    // Words about people: a title of address, credentials.
    { kind: 'people words', query: 'Dr. Müller', ids: [muller] },
    { kind: 'people words', query: "doctor o'sullivan", ids: [osullivan] },
    {
      kind: 'people words',
      query: 'psychiatry md',
      property: both(isA('psychiatry'), (r) => (r.credential ?? '').toLowerCase().replace(/[.\s]/g, '').split(/[,;/]+/).includes('md')),
    },
    // A city's short spelling finds its long one, and the other way round.
    {
      kind: 'specialty + city',
      query: 'cardiology st louis',
      property: both(isA('cardiology'), (r) => inPlace(r, 'saint louis')),
      includes: [saintLouis],
      // The city's cardiologists first (a pediatric cardiologist there after every cardiologist,
      // ADR 052); among the others the every-term rule's word prefixes ('st' a Staff Physician,
      // 'louis' Louisiana Physicians Group).
      first: (r) => r.specialty === 'Cardiology' && inPlace(r, 'saint louis'),
      minPrecision: 0.75,
    },
    {
      kind: 'specialty + city',
      query: 'cardiology ft wayne',
      property: both(isA('cardiology'), (r) => inPlace(r, 'fort wayne')),
      includes: [fortWayne],
    },
    // ADR 052: the specialty's own physicians first, never a pediatrician (Pediatric Cardiology).
    {
      kind: 'specialty + city',
      query: 'cardiology new york',
      property: both(isA('cardiology'), (r) => ['NY', 'NEW YORK'].includes((r.state ?? '').trim().toUpperCase())),
      first: (r) => r.specialty === 'Cardiology',
    },
    {
      kind: 'specialty + city',
      query: 'dermatologist new york',
      property: both(isA('dermatologist'), (r) =>
        ['NY', 'NEW YORK'].includes((r.state ?? '').trim().toUpperCase()),
      ),
    },
    // Titles
    { kind: 'title', query: 'medical director', property: (r) => wholeWords(r.title, 'medical director') },
    { kind: 'title', query: 'staff physician', property: (r) => wholeWords(r.title, 'staff physician') },
    {
      kind: 'title',
      query: 'attending physician',
      property: (r) => wholeWords(r.title, 'attending physician'),
    },
    {
      kind: 'title',
      query: 'residency program director',
      property: (r) => wholeWords(r.title, 'residency program director'),
    },
    // 'Professor of Emergency Medicine' holds every word too, and ranks with the phrase.
    {
      kind: 'title',
      query: 'professor of medicine',
      property: (r) => wholeWords(r.title, 'professor of medicine'),
      minPrecision: 0.7,
    },
    // Skills
    {
      kind: 'skill',
      query: 'echocardiography',
      property: (r) => r.skills.some((s) => startsWord(s, 'echocardiography')),
    },
    {
      kind: 'skill',
      query: 'telemedicine',
      property: (r) => r.skills.some((s) => startsWord(s, 'telemedicine')),
    },
    {
      kind: 'skill',
      query: 'bronchoscopy',
      property: (r) => r.skills.some((s) => startsWord(s, 'bronchoscopy')),
    },
    {
      kind: 'skill',
      query: 'colonoscopy',
      property: (r) => r.skills.some((s) => startsWord(s, 'colonoscopy')),
    },
    {
      kind: 'skill',
      query: 'laparoscopic surgery',
      property: (r) => r.skills.some((s) => wholeWords(s, 'laparoscopic surgery')),
    },
    // NPIs typed in the box
    { kind: 'NPI', query: '1999000101', ids: [wiebeAccent] },
    { kind: 'NPI', query: '1999000103 smith', ids: [smithJones] },
    { kind: 'NPI', query: '1999000199', ids: [] },
    { kind: 'NPI', query: '1999000106', ids: [muller] },
    // Accents, either way
    { kind: 'accents', query: 'Wiebe', ids: [wiebeAccent, wiebe] },
    { kind: 'accents', query: 'wiebé', ids: [wiebeAccent, wiebe] },
    { kind: 'accents', query: 'Muller', ids: [muller] },
    { kind: 'accents', query: 'nunez', ids: [nunez] },
    { kind: 'accents', query: 'Zoe Muller', ids: [muller] },
    // Several words
    // The demo holds no John Smith: its one answer holds both words elsewhere (a Johnson at Smith Pediatrics).
    {
      kind: 'several words',
      query: 'john smith',
      property: (r) => nameStarts(r, 'john') && nameStarts(r, 'smith'),
      minPrecision: 0,
    },
    {
      kind: 'several words',
      query: 'michael johnson',
      property: (r) => nameStarts(r, 'michael') && nameStarts(r, 'johnson'),
      minPrecision: 0.5,
    },
    { kind: 'several words', query: 'pediatric cardiology', property: isA('pediatric cardiology') },
    // ADR 052: the sub-specialty first (its cards say it), not general pediatricians.
    {
      kind: 'several words',
      query: 'pediatric cardiologist',
      property: isA('pediatric cardiologist'),
      first: ofSub('pediatric cardiologist'),
    },
    {
      kind: 'several words',
      query: 'md cardiology',
      property: both(isA('cardiology'), (r) => r.credential === 'MD'),
    },
    {
      kind: 'several words',
      query: 'do family medicine',
      property: both(isA('family medicine'), (r) => r.credential === 'DO'),
    },
    {
      kind: 'several words',
      query: 'boston, ma',
      property: (r) => inCity(r, 'boston') && (r.state ?? '').trim().toUpperCase() === 'MA',
    },
    {
      kind: 'several words',
      query: 'medical director boston',
      property: (r) => wholeWords(r.title, 'medical director') && inCity(r, 'boston'),
    },
    { kind: 'several words', query: 'maeve boston', ids: [osullivan] },
    // Words of no field we hold (ADR 052): said so, and left out of the search.
    {
      kind: 'not a field',
      query: 'CRNA',
      ids: [],
      unheld: ['CRNAs are nurse anesthetists, not physicians: PhysicianDirect lists physicians and physician assistants.'],
    },
    {
      kind: 'not a field',
      query: 'nurse practitioner',
      ids: [],
      unheld: [
        'Nurse practitioners are advanced practice nurses, not physicians: PhysicianDirect lists physicians and physician assistants.',
      ],
    },
    {
      kind: 'not a field',
      query: 'emergency medicine locum',
      property: isA('emergency medicine'),
      unheld: [
        "'locum' is a kind of job, not a field: PhysicianDirect lists physicians by specialty and place, not the work they are looking for.",
      ],
    },
  ];
}
