import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOVED_WITHIN_OPTIONS, movedWithin } from '../../../contract/directory';
import { zipsOfCity } from '../../features/directory/geo';
import { CONTACT_VALUE_ORDER } from './contact-checks';
import { demoReportPicks } from './demo-reports';
import { IN_TRAINING_SHARE, LISTED_RESUME_SHARE, MOVED_SHARE, NEW_FROM_RESUME_SHARE } from './demo-signals';
import { generatePhysicians, type GeneratedPhysician } from './generator';
import { CITIES } from './reference-data';

/*
 * The demo directory's signals (docs/decisions/054-a-demo-that-shows-every-signal.md), on the
 * generator alone: every signal is there at a small size, in its stated share, dated from the
 * load's time, and drawn without moving any other field of any record.
 */

const DAY = 86_400_000;
/** A load time of our own, so the dates below are checked against it rather than the default. */
const LOADED_AT = Date.UTC(2027, 2, 15, 9, 30);
const SIZE = 3_000;

/** The fields a record had before the signals, in their order (GeneratedPhysician's first 37). */
const FIELDS_BEFORE_SIGNALS = [
  'id', 'npi', 'firstName', 'middleName', 'lastName', 'title', 'credential', 'specialty', 'secondarySpecialty',
  'subSpecialty', 'organization', 'organizationSize', 'organizationRevenue', 'organizationIndustry', 'city', 'state',
  'zip', 'skills', 'education', 'medicalSchool', 'graduationYear', 'gender', 'languages', 'boardCertified',
  'hospitalAffiliation', 'licenseStates', 'acceptingNewPatients', 'telehealth', 'acceptingMedicaid', 'linkedinUrl',
  'verifiedAt', 'createdAt', 'personalEmail', 'workEmail', 'mobilePhone', 'officePhone', 'contactFreshness',
] as const;
/** Each signal's fields: only a record carrying that signal may differ there from its record without signals. */
const TRAINING_FIELDS = ['title', 'organization', 'organizationSize', 'organizationRevenue', 'organizationIndustry', 'hospitalAffiliation', 'education', 'graduationYear', 'boardCertified'];
const RESUME_FIELDS = ['personalEmail', 'workEmail', 'mobilePhone', 'officePhone', 'contactFreshness', 'verifiedAt'];
const ADDED_BY_RESUME_FIELDS = [...RESUME_FIELDS, 'createdAt'];

const withSignals = [...generatePhysicians({ count: SIZE, loadedAt: LOADED_AT })];
const without = [...generatePhysicians({ count: SIZE, loadedAt: LOADED_AT, withSignals: false })];
let sample: GeneratedPhysician[] = [];

const resumeOf = (p: GeneratedPhysician) =>
  p.source === 'resume' || p.selfReportedEmail !== null || p.selfReportedPhone !== null || p.contactFreshness.some((f) => f.status === 'self_reported') ||
  CONTACT_VALUE_ORDER.some((key) => p[key]?.includes(`.md${p.id}@`));

describe('the demo signals (generator)', () => {
  beforeAll(() => {
    sample = [...generatePhysicians({ count: 20_000, loadedAt: LOADED_AT })];
  });

  it('leave the records as they were without them: the same digest as before they existed', () => {
    // Computed from the generator before the signals were added (ids 1..2,000, default seed and time).
    const digest = createHash('sha256');
    for (const p of generatePhysicians({ count: 2_000, withSignals: false })) {
      digest.update(JSON.stringify(FIELDS_BEFORE_SIGNALS.map((key) => p[key])));
    }
    expect(digest.digest('hex')).toBe('e6fb2ac8f029a5d3f95773aca7113c68e08734551e84ebd2ade3b645d0de37f3');
  });

  it('change no field of a record but its own signal’s', () => {
    const changed: string[] = [];
    withSignals.forEach((p, i) => {
      const before = without[i];
      const mayDiffer = new Set<string>([
        ...(p.inTraining ? TRAINING_FIELDS : []),
        ...(p.source === 'resume' ? ADDED_BY_RESUME_FIELDS : resumeOf(p) ? RESUME_FIELDS : []),
      ]);
      for (const key of FIELDS_BEFORE_SIGNALS) {
        if (!mayDiffer.has(key) && JSON.stringify(p[key]) !== JSON.stringify(before[key])) changed.push(`#${p.id} ${key}`);
      }
      // A resume of a listed physician fills empty places only: a value on file stays.
      if (p.source !== 'resume') {
        for (const key of CONTACT_VALUE_ORDER) if (before[key] !== null && p[key] !== before[key]) changed.push(`#${p.id} ${key} replaced`);
      }
    });
    expect(changed.slice(0, 10)).toEqual([]);
    // Records without any signal are the same record.
    const plain = withSignals.filter((p) => !p.inTraining && !p.movedOn && !resumeOf(p));
    expect(plain.length).toBeGreaterThan(SIZE * 0.7);
    expect(plain.filter((p) => JSON.stringify(FIELDS_BEFORE_SIGNALS.map((k) => p[k])) !== JSON.stringify(FIELDS_BEFORE_SIGNALS.map((k) => without[p.id - 1][k])))).toEqual([]);
  });

  it('are deterministic for a seed and a load time, and only their dates follow the load time', () => {
    expect([...generatePhysicians({ count: SIZE, loadedAt: LOADED_AT })]).toEqual(withSignals);
    const later = [...generatePhysicians({ count: SIZE, loadedAt: LOADED_AT + 200 * DAY })];
    const who = (rows: GeneratedPhysician[]) => ({
      training: rows.filter((p) => p.inTraining).map((p) => p.id),
      moved: rows.filter((p) => p.movedOn).map((p) => p.id),
      resumes: rows.filter(resumeOf).map((p) => p.id),
    });
    expect(who(later)).toEqual(who(withSignals));
    const shift = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / DAY;
    const moved = withSignals.filter((p) => p.movedOn);
    // A move keeps its place in the year before the load (a record older than a year moves with the load).
    const oldRecords = moved.filter((p) => LOADED_AT - p.createdAt.getTime() > 600 * DAY);
    expect(oldRecords.length).toBeGreaterThan(10);
    for (const p of oldRecords) expect(shift(p.movedOn!, later[p.id - 1].movedOn!)).toBe(200);
  });

  it('put every signal in a small directory', () => {
    const count = (has: (p: GeneratedPhysician) => boolean) => withSignals.filter(has).length;
    const now = new Date(LOADED_AT);
    for (const days of MOVED_WITHIN_OPTIONS) expect(count((p) => movedWithin(p.movedOn, Number(days), now)), `moved within ${days}`).toBeGreaterThan(0);
    expect(count((p) => p.inTraining && p.title === 'Resident Physician')).toBeGreaterThan(0);
    expect(count((p) => p.inTraining && p.title === 'Fellow')).toBeGreaterThan(0);
    expect(count((p) => p.source === 'resume')).toBeGreaterThan(0);
    expect(count((p) => p.selfReportedEmail !== null)).toBeGreaterThan(0);
    expect(count((p) => p.contactFreshness.some((f) => f.status === 'self_reported' && f.verification === 'unknown' && f.method !== null))).toBeGreaterThan(0);
  });

  it('come in their stated shares', () => {
    const share = (rows: GeneratedPhysician[], has: (p: GeneratedPhysician) => boolean) => rows.filter(has).length / rows.length;
    const physicians = sample.filter((p) => p.credential !== 'PA-C');
    expect(share(physicians, (p) => p.inTraining)).toBeGreaterThan(IN_TRAINING_SHARE - 0.01);
    expect(share(physicians, (p) => p.inTraining)).toBeLessThan(IN_TRAINING_SHARE + 0.01);
    expect(sample.some((p) => p.credential === 'PA-C' && p.inTraining)).toBe(false);
    // Resume records never move (imports leave them alone), so a little under 4 %.
    expect(share(sample, (p) => p.movedOn !== null)).toBeGreaterThan(MOVED_SHARE - 0.005);
    expect(share(sample, (p) => p.movedOn !== null)).toBeLessThan(MOVED_SHARE + 0.005);
    expect(share(sample, (p) => p.source === 'resume')).toBeGreaterThan(NEW_FROM_RESUME_SHARE / 2);
    expect(share(sample, (p) => p.source === 'resume')).toBeLessThan(NEW_FROM_RESUME_SHARE * 1.5);
    expect(share(sample, resumeOf)).toBeGreaterThan((LISTED_RESUME_SHARE + NEW_FROM_RESUME_SHARE) * 0.85);
    expect(share(sample, resumeOf)).toBeLessThan((LISTED_RESUME_SHARE + NEW_FROM_RESUME_SHARE) * 1.15);
  });

  it('make a resident look like one: a recent class, no board certification yet, at a teaching hospital', () => {
    const trainees = sample.filter((p) => p.inTraining);
    // The load is in March 2027: this academic year's PGY-1s graduated in 2026, PGY-7s in 2020.
    expect(new Set(trainees.map((p) => p.graduationYear))).toEqual(new Set([2020, 2021, 2022, 2023, 2024, 2025, 2026]));
    const wrong: string[] = [];
    for (const p of trainees) {
      const program = p.education.find((e) => e.degree === p.credential);
      if (program?.endDate !== String(p.graduationYear)) wrong.push(`#${p.id} programme ends ${program?.endDate}`);
      if (p.education.some((e) => e.degree === 'MBA')) wrong.push(`#${p.id} MBA`);
      if (p.education.some((e) => Number(e.endDate) > p.graduationYear)) wrong.push(`#${p.id} education after graduation`);
      if (p.title === 'Resident Physician' && p.boardCertified) wrong.push(`#${p.id} certified resident`);
      if (p.title === 'Fellow' && p.subSpecialty === null) wrong.push(`#${p.id} fellow of nothing`);
      if (!['Resident Physician', 'Fellow'].includes(p.title)) wrong.push(`#${p.id} ${p.title}`);
      if (p.hospitalAffiliation !== p.organization) wrong.push(`#${p.id} at ${p.organization}, affiliated to ${p.hospitalAffiliation}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    // The city's academic medical centre, else one of its hospitals: a place its other physicians
    // admit to (of those the sample's other physicians name, nearly all).
    const hospitals = new Set(sample.filter((p) => !p.inTraining).map((p) => `${p.city}|${p.hospitalAffiliation}`));
    const elsewhere = trainees.filter((p) => !hospitals.has(`${p.city}|${p.organization}`));
    expect(elsewhere.length).toBeLessThan(trainees.length * 0.01);
    const practising = sample.filter((p) => !p.inTraining && p.credential !== 'PA-C');
    const mean = (rows: GeneratedPhysician[]) => rows.reduce((sum, p) => sum + (2027 - p.graduationYear), 0) / rows.length;
    expect(mean(trainees)).toBeLessThan(5);
    expect(mean(practising)).toBeGreaterThan(15);
  });

  it('date each move within the year before the load, from another real place', () => {
    const today = Math.floor(LOADED_AT / DAY);
    const areaOf = new Map(CITIES.map((c) => [`${c.name}|${c.state}`, c]));
    const wrong: string[] = [];
    const kinds = new Map<string, number>();
    for (const p of sample.filter((q) => q.movedOn)) {
      const day = Date.parse(`${p.movedOn}T00:00:00Z`) / DAY;
      if (day > today || day <= today - 365) wrong.push(`#${p.id} moved ${p.movedOn}`);
      if (day < Math.floor(p.createdAt.getTime() / DAY)) wrong.push(`#${p.id} moved before it was listed`);
      if (p.locationSourceDate !== p.movedOn) wrong.push(`#${p.id} location dated ${p.locationSourceDate}`);
      const old = Object.fromEntries(p.locationChanges.map((c) => [c.field, c.oldValue]));
      const from = { city: old.city ?? p.city, state: old.state ?? p.state, zip: old.zip ?? p.zip };
      if (!p.locationChanges.some((c) => c.field === 'zip')) wrong.push(`#${p.id} no new ZIP`);
      for (const c of p.locationChanges) if (c.newValue !== p[c.field] || c.oldValue === c.newValue) wrong.push(`#${p.id} ${c.field}`);
      if (!areaOf.has(`${from.city}|${from.state}`) || !zipsOfCity(from.city, from.state).includes(from.zip)) wrong.push(`#${p.id} from ${JSON.stringify(from)}`);
      const kind = p.locationChanges.map((c) => c.field).join('+');
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    // Mostly within the city (a new ZIP), the rest from another city of the state or another state.
    expect([...kinds.keys()].sort()).toEqual(['city+state+zip', 'city+zip', 'zip']);
    expect(kinds.get('zip')!).toBeGreaterThan(kinds.get('city+zip')! + kinds.get('city+state+zip')!);
    // Spread evenly over the year: each quarter holds about a quarter of the moves.
    const moved = sample.filter((p) => p.movedOn && LOADED_AT - p.createdAt.getTime() > 400 * DAY);
    const lastQuarter = moved.filter((p) => movedWithin(p.movedOn, 91, new Date(LOADED_AT))).length / moved.length;
    expect(lastQuarter).toBeGreaterThan(0.2);
    expect(lastQuarter).toBeLessThan(0.3);
  });

  it('keep a resume’s values where an approval puts them, checked as the rest are', () => {
    const wrong: string[] = [];
    for (const p of sample.filter(resumeOf)) {
      CONTACT_VALUE_ORDER.forEach((key, i) => {
        const f = p.contactFreshness[i];
        if (f.status === 'self_reported' && f.verification === 'valid') wrong.push(`#${p.id} ${key}: a valid check stays self-reported`);
        if (f.verifiedAt && (f.verifiedAt.getTime() >= LOADED_AT || f.verifiedAt.getTime() < LOADED_AT - 31 * DAY)) wrong.push(`#${p.id} ${key} checked ${f.verifiedAt.toISOString()}`);
      });
      if (p.selfReportedAt && (p.selfReportedAt.getTime() > LOADED_AT || p.selfReportedAt.getTime() < LOADED_AT - 181 * DAY)) wrong.push(`#${p.id} approved ${p.selfReportedAt.toISOString()}`);
      if (p.selfReportedEmail && (p.personalEmail === null || p.workEmail === null)) wrong.push(`#${p.id} beside an empty place`);
      if (p.source === 'resume' && (p.workEmail !== null || p.officePhone !== null || p.personalEmail === null || p.mobilePhone === null)) wrong.push(`#${p.id} added with other values`);
      const latestValid = Math.max(0, ...p.contactFreshness.filter((f) => f.verification === 'valid' && f.verifiedAt).map((f) => f.verifiedAt!.getTime()));
      if ((p.verifiedAt?.getTime() ?? 0) !== latestValid) wrong.push(`#${p.id} verifiedAt`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it('pick the reported physicians deterministically, at least two of each kind', () => {
    const picks = demoReportPicks(SIZE, 7);
    expect(demoReportPicks(SIZE, 7)).toEqual(picks);
    expect(picks.length).toBe(6);
    expect(new Set(picks.map((p) => p.physicianId)).size).toBe(6);
    expect(picks.every((p) => p.physicianId >= 1 && p.physicianId <= SIZE)).toBe(true);
    expect(picks.map((p) => p.kind).sort()).toEqual(['confirmed', 'confirmed', 'open', 'open', 'two customers', 'two customers']);
    expect(demoReportPicks(300_000, 7).length).toBe(60);
  });
});
