import type { UnheldKind } from './directory';
import { lookUpTerm, vocabularyKey, vocabularyWords } from './recruiter-vocabulary';

/*
 * Words recruiters type that name no field the directory holds
 * (docs/decisions/052-every-field-a-recruiter-fills.md): other clinicians (a CRNA is a nurse
 * anesthetist, an NP a nurse practitioner) and kinds of job ('locum', 'per diem'). The directory
 * lists physicians (MD, DO) and physician assistants (NUCC's physician grouping and 363A; see
 * contract/nucc-taxonomy.ts), by specialty and place; it records nothing of the work they look for.
 *
 * The search box takes such a word out of the search, like a specialty phrase, and the answer says
 * why with the entry's message: 'emergency medicine locum' searches 'emergency medicine' and says
 * that 'locum' is a kind of job; 'CRNA' alone finds nobody and says who CRNAs are. People review
 * this table; each term has a test (unheld-words.test.ts), and none is a term of the recruiter
 * vocabulary, a state or a credential the directory holds.
 *
 * Terms compare as the vocabulary's do (vocabularyKey: letters and digits, 'and' dropped, a plural
 * is its singular). Left out on purpose: two letters that are also states, credentials or the
 * start of common names ('PA' is held; 'MA', 'DC', 'OD', 'OT', 'AA', 'PT', 'RD'), and words that
 * begin common words of the data ('temp': Temple, Tempe), since the page searches as one types.
 */

export type UnheldEntry = {
  kind: UnheldKind;
  /** What the page says; `{word}` is the recruiter's word as typed. */
  message: string;
  /** A query the directory does answer, offered instead (a specialty phrase), or null. */
  instead: string | null;
  terms: readonly string[];
};

const LISTS = 'PhysicianDirect lists physicians and physician assistants.';
const clinician = (who: string, instead: string | null, terms: readonly string[]): UnheldEntry => ({
  kind: 'clinician',
  message: `${who}: ${LISTS}`,
  instead,
  terms,
});
const job = (message: string, terms: readonly string[]): UnheldEntry => ({ kind: 'job', message, instead: null, terms });

// One entry a line or two, as reviewers read it.
// prettier-ignore
export const UNHELD_WORDS: readonly UnheldEntry[] = [
  clinician('CRNAs are nurse anesthetists, not physicians', 'anesthesiologist', [
    'CRNA', 'nurse anesthetist', 'nurse anaesthetist', 'certified registered nurse anesthetist', 'SRNA',
  ]),
  clinician('Nurse practitioners are advanced practice nurses, not physicians', null, [
    'NP', 'nurse practitioner', 'family nurse practitioner', 'APRN', 'ARNP', 'APN', 'FNP', 'AGNP', 'AGACNP',
    'PMHNP', 'NNP', 'PNP', 'CNP', 'DNP',
  ]),
  clinician('Nurse midwives are not physicians', 'OB/GYN', [
    'CNM', 'nurse midwife', 'certified nurse midwife', 'midwife', 'midwives', 'midwifery',
  ]),
  clinician('Clinical nurse specialists are nurses, not physicians', null, ['CNS', 'clinical nurse specialist']),
  clinician('Nurses are not physicians', null, [
    'nurse', 'RN', 'registered nurse', 'LPN', 'LVN', 'licensed practical nurse', 'CNA', 'travel nurse',
  ]),
  clinician('Anesthesiologist assistants are neither physicians nor physician assistants', 'anesthesiologist', [
    'anesthesiologist assistant', 'anaesthesiologist assistant', 'anesthesia assistant', 'CAA',
  ]),
  clinician('Dentists are not physicians', 'oral and maxillofacial surgeon', [
    'dentist', 'DDS', 'DMD', 'dental', 'orthodontist', 'endodontist', 'periodontist', 'dental hygienist',
    'hygienist',
  ]),
  clinician('Chiropractors are not physicians', null, ['chiropractor', 'chiropractic', 'chiro']),
  clinician('Optometrists are not physicians', 'ophthalmologist', ['optometrist', 'optometry']),
  clinician('Podiatrists (DPM) are not physicians', 'foot and ankle surgeon', [
    'podiatrist', 'podiatry', 'DPM', 'podiatric surgeon',
  ]),
  clinician('Psychologists are not physicians', 'psychiatrist', [
    'psychologist', 'PsyD', 'clinical psychologist', 'neuropsychologist',
  ]),
  clinician('Therapists and counselors are not physicians', null, [
    'therapist', 'counselor', 'counsellor', 'LPC', 'LMHC', 'LMFT', 'marriage and family therapist',
    'mental health counselor',
  ]),
  clinician('Physical, occupational, speech and respiratory therapists are not physicians', null, [
    'physical therapist', 'DPT', 'occupational therapist', 'speech therapist', 'speech language pathologist', 'SLP',
    'respiratory therapist',
  ]),
  clinician('Social workers are not physicians', null, ['social worker', 'LCSW', 'LICSW', 'MSW']),
  clinician('Pharmacists are not physicians', null, ['pharmacist', 'PharmD', 'pharmacy']),
  clinician('Dietitians are not physicians', null, ['dietitian', 'dietician', 'nutritionist', 'RDN']),
  clinician('Audiologists are not physicians', 'ENT', ['audiologist', 'audiology']),
  clinician('Medical assistants, technologists and technicians are not physicians', null, [
    'medical assistant', 'CMA', 'surgical tech', 'surgical technologist', 'scrub tech', 'radiology tech',
    'radiologic technologist', 'rad tech', 'x-ray tech', 'sonographer', 'ultrasound tech', 'phlebotomist',
    'lab tech', 'EKG tech',
  ]),
  clinician('Paramedics and EMTs are not physicians', 'EMS physician', ['paramedic', 'EMT']),
  job("'{word}' is a kind of job, not a field: PhysicianDirect lists physicians by specialty and place, not the work they are looking for.", [
    'locum', 'locums', 'locum tenens', 'locums tenens', 'per diem', 'PRN', 'travel', 'traveling', 'travelling',
    'traveler', 'moonlighting', 'moonlighter', 'part time', 'full time', 'remote', 'temporary', 'permanent',
  ]),
  job("'{word}' is not a field: PhysicianDirect lists physicians, not job openings.", [
    'job', 'opening', 'vacancy', 'vacancies', 'position', 'hiring', 'career',
  ]),
  job("'{word}' is how a physician sees patients, not a field: tick 'Offers telehealth' in the filters.", [
    'telehealth', 'virtual care', 'virtual visits',
  ]),
];

const BY_KEY = new Map<string, UnheldEntry>();
for (const e of UNHELD_WORDS) for (const term of e.terms) BY_KEY.set(vocabularyKey(term), e);

/** The most words any term has (the longest phrase the query reader must try). */
export const LONGEST_UNHELD_WORDS = Math.max(...UNHELD_WORDS.flatMap((e) => e.terms.map((t) => vocabularyWords(t).length)));

/** The entry a recruiter's words name (whole words only; a plural is its singular), or null. */
export function resolveUnheldTerm(text: string): UnheldEntry | null {
  return lookUpTerm(BY_KEY, text);
}

/** The entry's message for the words as typed ('locums' -> "'locums' is a kind of job..."). */
export function unheldMessage(entry: UnheldEntry, typed: string): string {
  return entry.message.replaceAll('{word}', typed);
}
