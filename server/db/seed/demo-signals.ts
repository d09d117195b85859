import type { EducationEntry } from '../../../contract/directory-options';
import { CONTACT_VALUE_ORDER, type ContactFreshness, demoEmailCheck, demoPhoneCheck } from './contact-checks';
import { pick, type Random, type WeightedTable, weightedTable } from './random';
import type { City, OrganizationProfile } from './reference-data';

/*
 * The demo directory's signals (docs/decisions/054-a-demo-that-shows-every-signal.md): who is a
 * resident or fellow, whose practice moved in the last year, and who sent a resume whose email and
 * phone are self-reported. Each is drawn from a random stream of its own per physician, after
 * every other field, so a record's other fields are what they were without them, except what the
 * signal itself must change (a trainee's graduation year, education, title, employer and board
 * certification; the contact places a resume fills; a resume physician's record); and every date
 * is relative to the load's time, as the contacts' checks are (a fixed date would go stale:
 * 'Moved in the last 30 days' would find nobody a month later).
 */

const DAY_MS = 86_400_000;
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Mixed into the seed of each signal's stream. */
export const SIGNAL_STREAMS = { training: 0x7a1e5b03, move: 0x3c6ef372, selfReport: 0x5be0cd19 } as const;

/**
 * Residents and fellows among MDs and DOs (physician assistants do not train this way). ACGME's
 * Data Resource Book 2023-2024 counts 162,644 active residents and fellows; the AAMC's 2022
 * Physician Specialty Data Report about 950,000 active physicians, a count that leaves out those
 * still in training: 162,644 / (950,000 + 162,644) = 14.6 %. An NPPES import flags fewer
 * (TRAINING_TAXONOMY only: many residents file their specialty's code instead).
 */
export const IN_TRAINING_SHARE = 0.146;
/**
 * Postgraduate years 1 to 7 among trainees (an assumption): every class starts in PGY-1 and fewer
 * remain each later year, as most programmes end after 3 years (internal, family medicine,
 * pediatrics), surgery after 5, and fellowships add 1 to 3.
 */
const PGY_WEIGHTS = [22, 21, 20, 15, 11, 7, 4];
/**
 * A trainee with a sub-specialty past a 3-year residency is in its fellowship: about 1 trainee in
 * 10 here (ACGME counts 17.7 % in subspecialty programmes; the demo's sub-specialties are fewer).
 */
const FIRST_FELLOWSHIP_YEAR = 4;

/**
 * Physicians whose practice location changed in the year before the load. Bond et al.,
 * 'Physician Turnover in the United States', Annals of Internal Medicine 2023 (all traditional
 * Medicare billing, 2010-2020): 3.7 % to 4.2 % of physicians a year moved from one practice to
 * another. 4 %, each move on a day spread evenly over the last 365 days, so each window of
 * MOVED_WITHIN_OPTIONS finds its share (30 days: about 1 physician in 300).
 */
export const MOVED_SHARE = 0.04;
const MOVE_WINDOW_DAYS = 365;
/**
 * Where a mover came from: the same city (another ZIP), another city of the state, another
 * state, in the Census Bureau's shares of movers (Geographical Mobility 2002-2003, P20-549: 59 %
 * within the county, 19 % from another county of the state, 19 % from another state; people's
 * homes, not practices: no figure for physicians was found).
 */
const MOVE_KIND_WEIGHTS = [59, 19, 19];

/**
 * Physicians who sent the directory a resume an operator approved (ADR 030), approved over the
 * 180 days before the load. Both shares are assumptions, kept small: the directory is built from
 * the public files, and resumes only add to it.
 * - LISTED_RESUME_SHARE (2 %): a physician the directory lists (a few percent of physicians look
 *   for work in a year, Bond et al. above). The resume's values go where the approval puts them:
 *   an empty place of their kind, else beside the values on file; most physicians' places are
 *   full, so most go beside (self_reported_email/phone, which the reveal returns as `selfReported`).
 * - NEW_FROM_RESUME_SHARE (0.5 %): a physician the directory did not list, added by the approval
 *   (source 'resume', location 'resume' on the approval's day): their only email and phone are the
 *   resume's, self-reported, so a reveal shows them (the Source filter's 'Resume' finds them).
 */
export const LISTED_RESUME_SHARE = 0.02;
export const NEW_FROM_RESUME_SHARE = 0.005;
const APPROVALS_WINDOW_DAYS = 180;
/**
 * A resume gives the physician's own mailbox: at the personal emails' domains in their shares
 * (generator.ts: 65 % example.com, 25 % example.net). example.net's resolver never answers in the
 * demo (DEMO_MAIL_DOMAINS), so its check is inconclusive and the value stays self-reported; one
 * at example.com is found valid and becomes 'verified', as the re-verification job does (ADR 032).
 */
const RESUME_NET_SHARE = 0.25 / 0.9;

type Organization = { name: string; profile: OrganizationProfile };

/** What the signals need of a city (the generator's city tables have it). */
export type SignalPlace = {
  city: City;
  zips: string[];
  phonePrefix: string;
  academic: Organization | null;
  hospitals: Organization[];
};

/** What a record must hold for its signals (the generator's GeneratedPhysician has it). */
export type SignalRecord = {
  id: number;
  firstName: string;
  lastName: string;
  title: string;
  credential: string;
  source: 'demo' | 'resume';
  subSpecialty: string | null;
  organization: string;
  organizationSize: string;
  organizationRevenue: string;
  organizationIndustry: string;
  hospitalAffiliation: string | null;
  city: string;
  state: string;
  zip: string;
  education: EducationEntry[];
  graduationYear: number;
  boardCertified: boolean;
  verifiedAt: Date | null;
  createdAt: Date;
  personalEmail: string | null;
  workEmail: string | null;
  mobilePhone: string | null;
  officePhone: string | null;
  contactFreshness: ContactFreshness[];
  inTraining: boolean;
  movedOn: string | null;
  locationChanges: LocationChange[];
  /** The day (YYYY-MM-DD) of the location's source: a move's NPPES date, a resume's approval. */
  locationSourceDate: string | null;
  selfReportedEmail: string | null;
  selfReportedPhone: string | null;
  selfReportedAt: Date | null;
};

/** One field of a move, as an NPPES import records it (physician_changes, ADR 035). */
export type LocationChange = { field: 'city' | 'state' | 'zip'; oldValue: string; newValue: string };

export type SignalTables = {
  places: readonly SignalPlace[];
  /** The places' weights (where physicians practise). */
  placeTable: WeightedTable;
};

/** The signals' draws over the generator's tables, built once per generator run. */
export function demoSignals(tables: SignalTables, options: { seed: number; loadedAt: number }) {
  const { places, placeTable } = tables;
  const placeIndex = new Map(places.map((place, i) => [`${place.city.name}|${place.city.state}`, i]));
  const placesOfState = new Map<string, number[]>();
  places.forEach((place, i) => {
    const list = placesOfState.get(place.city.state) ?? [];
    list.push(i);
    placesOfState.set(place.city.state, list);
  });
  const pgyTable = weightedTable(PGY_WEIGHTS);
  const moveKinds = weightedTable(MOVE_KIND_WEIGHTS);
  const loaded = new Date(options.loadedAt);
  // The academic year starts on 1 July: a PGY-1 in November graduated from medical school that May.
  const academicYear = loaded.getUTCFullYear() - (loaded.getUTCMonth() >= 6 ? 0 : 1);
  const today = Math.floor(options.loadedAt / DAY_MS);

  const placeOf = (p: SignalRecord): SignalPlace => {
    const index = placeIndex.get(`${p.city}|${p.state}`);
    if (index === undefined) throw new Error(`demo signals: no city table for ${p.city}, ${p.state}`);
    return places[index];
  };

  /** A resident or fellow: graduated from medical school 0 to 6 years ago, at a teaching hospital. */
  function training(p: SignalRecord, random: Random): void {
    if (p.credential === 'PA-C' || random.next() >= IN_TRAINING_SHARE) return;
    const pgy = 1 + pick(pgyTable, random.next());
    const place = placeOf(p);
    const employer = place.academic ?? place.hospitals[random.below(place.hospitals.length)];
    const graduationYear = academicYear - (pgy - 1);
    // Every year of the education moves with the graduation year; an MBA after medical school
    // would fall inside the training, so it goes.
    const shift = graduationYear - p.graduationYear;
    const moved = (year: string | null) => (year === null ? null : String(Number(year) + shift));
    p.education = p.education
      .filter((entry) => entry.degree !== 'MBA')
      .map((entry) => ({ ...entry, startDate: moved(entry.startDate), endDate: moved(entry.endDate) }));
    p.graduationYear = graduationYear;
    p.inTraining = true;
    const fellow = p.subSpecialty !== null && pgy >= FIRST_FELLOWSHIP_YEAR;
    p.title = fellow ? 'Fellow' : 'Resident Physician';
    // Board certification comes after residency; a fellow may already hold it.
    if (!fellow) p.boardCertified = false;
    p.organization = employer.name;
    p.organizationSize = employer.profile.size;
    p.organizationRevenue = employer.profile.revenue;
    p.organizationIndustry = employer.profile.industry;
    p.hospitalAffiliation = employer.name;
  }

  /** A move on a day of the last year (not before the record joined the directory), from another place. */
  function move(p: SignalRecord, random: Random): void {
    // A record of our own (a resume's) is never changed by an import (ADR 015), so never moved by one.
    if (random.next() >= MOVED_SHARE || p.source === 'resume') return;
    const known = Math.min(MOVE_WINDOW_DAYS, today - Math.floor(p.createdAt.getTime() / DAY_MS));
    const daysAgo = random.below(Math.max(1, known));
    const place = placeOf(p);
    let kind = pick(moveKinds, random.next());
    const zipRoll = random.below(1 << 30);
    let from: { city: string; state: string; zip: string } | null = null;
    if (kind === 0 && place.zips.length > 1) {
      const others = place.zips.filter((zip) => zip !== p.zip);
      from = { city: p.city, state: p.state, zip: others[zipRoll % others.length] };
    } else if (kind === 0) {
      kind = 1;
    }
    if (kind === 1) {
      const others = (placesOfState.get(p.state) ?? []).filter((i) => places[i] !== place);
      if (others.length > 0) {
        const other = places[others[random.below(others.length)]];
        from = { city: other.city.name, state: other.city.state, zip: other.zips[zipRoll % other.zips.length] };
      } else {
        kind = 2;
      }
    }
    if (kind === 2) {
      let other = places[pick(placeTable, random.next())];
      for (let tries = 0; other.city.state === p.state && tries < 20; tries++) other = places[pick(placeTable, random.next())];
      if (other.city.state === p.state) return;
      from = { city: other.city.name, state: other.city.state, zip: other.zips[zipRoll % other.zips.length] };
    }
    if (!from) return;
    p.movedOn = dayOf((today - daysAgo) * DAY_MS);
    p.locationSourceDate = p.movedOn;
    const changes: LocationChange[] = [];
    if (from.city !== p.city) changes.push({ field: 'city', oldValue: from.city, newValue: p.city });
    if (from.state !== p.state) changes.push({ field: 'state', oldValue: from.state, newValue: p.state });
    if (from.zip !== p.zip) changes.push({ field: 'zip', oldValue: from.zip, newValue: p.zip });
    p.locationChanges = changes;
  }

  /**
   * An approved resume's email and phone, where the approval puts them (ADR 030,
   * self-reported-contacts.ts): an empty place of their kind (personal, then work email; mobile,
   * then office phone) with the status 'self_reported', else beside the values on file; a value
   * already on file adds nothing. A physician added by a resume has no other values. A value in a
   * place is checked as the others are: the job checks a new value within minutes and every 30
   * days after (ADR 032), so one approved more than a day ago carries the built-in check's
   * result, dated since its approval: found valid it is 'verified' (the job's rule), otherwise it
   * stays 'self_reported'; one approved in the last day is not yet checked.
   */
  function selfReport(p: SignalRecord, random: Random): void {
    const roll = random.next();
    if (roll >= NEW_FROM_RESUME_SHARE + LISTED_RESUME_SHARE) return;
    const added = roll < NEW_FROM_RESUME_SHARE;
    const window = added ? APPROVALS_WINDOW_DAYS * DAY_MS : Math.min(APPROVALS_WINDOW_DAYS * DAY_MS, options.loadedAt - p.createdAt.getTime());
    const approvedAt = options.loadedAt - Math.floor(random.next() * Math.max(window, DAY_MS));
    const slug = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
    const domain = random.next() < RESUME_NET_SHARE ? 'example.net' : 'example.com';
    const email = `${slug(p.firstName)}.${slug(p.lastName)}.md${p.id}@${domain}`;
    const digits = random.below(100);
    const phone = placeOf(p).phonePrefix + (digits < 10 ? '0' : '') + digits;
    // Checked since the approval, and within the job's 30-day cycle (CHECK_WINDOW_SECONDS).
    const checkedAt = options.loadedAt - 1000 * (1 + Math.floor((random.next() * Math.min(options.loadedAt - approvedAt, 31 * DAY_MS)) / 1000));
    if (added) {
      p.source = 'resume';
      p.createdAt = new Date(approvedAt);
      p.locationSourceDate = dayOf(approvedAt);
      p.personalEmail = p.workEmail = p.mobilePhone = p.officePhone = null;
      p.contactFreshness = p.contactFreshness.map(() => ({ status: 'unverified', verifiedAt: null, verification: 'unknown', confidence: null, method: null }));
      p.verifiedAt = null;
    }
    const kinds = [
      { value: email, slots: ['personalEmail', 'workEmail'] as const, beside: 'selfReportedEmail' as const },
      { value: phone, slots: ['mobilePhone', 'officePhone'] as const, beside: 'selfReportedPhone' as const },
    ];
    for (const { value, slots, beside } of kinds) {
      if (slots.some((slot) => p[slot] === value)) continue;
      const slot = slots.find((s) => p[s] === null);
      if (!slot) {
        p[beside] = value;
        p.selfReportedAt = new Date(approvedAt);
        continue;
      }
      p[slot] = value;
      const i = CONTACT_VALUE_ORDER.indexOf(slot);
      if (options.loadedAt - approvedAt < DAY_MS) {
        p.contactFreshness[i] = { status: 'self_reported', verifiedAt: null, verification: 'unknown', confidence: null, method: null };
        continue;
      }
      const check = i < 2 ? demoEmailCheck(value) : demoPhoneCheck(value, slot === 'mobilePhone' ? 'mobile' : 'office');
      const verifiedAt = new Date(checkedAt);
      const valid = check.verification === 'valid';
      p.contactFreshness[i] = { status: valid ? 'verified' : 'self_reported', verifiedAt, ...check, method: 'builtin' };
      if (valid && (p.verifiedAt === null || verifiedAt > p.verifiedAt)) p.verifiedAt = verifiedAt;
    }
  }

  return {
    /** Adds the physician's signals, each from its own stream restarted for (seed, id). */
    apply(p: SignalRecord, random: Random): void {
      random.reseed(options.seed ^ SIGNAL_STREAMS.training, p.id);
      training(p, random);
      random.reseed(options.seed ^ SIGNAL_STREAMS.selfReport, p.id);
      selfReport(p, random);
      random.reseed(options.seed ^ SIGNAL_STREAMS.move, p.id);
      move(p, random);
    },
  };
}

