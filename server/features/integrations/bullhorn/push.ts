import { BullhornError, lucenePhrase, type CandidateFields, type FoundCandidate, type RestClient } from './client';
import type { ItemOutcome, PushPhysician } from './repo';

/*
 * One batch of a push (ADR 064). Each physician is looked up before anything is written: by NPI
 * (externalID), then by email, then by name and phone, each lookup one search for the whole batch
 * (a search per physician would spend the 1,500 calls a minute three times over). A physician found
 * is updated only when the recruiter chose so; one not found is created with externalID = NPI, so
 * the next push finds it by NPI and never makes a second.
 */

/** Physicians per batch: one search per lookup for all of them, and one saved transaction. */
export const PUSH_BATCH = 50;

export const CANDIDATE_SOURCE = 'PhysicianDirect';

/** The Candidate fields of a physician (BULLHORN_FIELD_MAPPING in contract/integrations.ts says the same in words). */
export function candidateFields(physician: PushPhysician, options: { create: boolean }): CandidateFields {
  const fields: CandidateFields = {
    firstName: physician.firstName,
    lastName: physician.lastName,
    name: `${physician.firstName} ${physician.lastName}`.trim(),
    source: CANDIDATE_SOURCE,
  };
  if (physician.npi) fields.externalID = physician.npi;
  if (physician.specialty) fields.occupation = physician.specialty;
  if (physician.city || physician.state || physician.zip) {
    fields.address = { city: physician.city ?? undefined, state: physician.state ?? undefined, zip: physician.zip ?? undefined, countryID: 1 };
  }
  if (physician.phone) fields.phone = physician.phone;
  if (physician.email) fields.email = physician.email;
  if (physician.mobile) fields.mobile = physician.mobile;
  if (options.create) fields.status = 'New Lead';
  return fields;
}

const lower = (value: string | null) => value?.trim().toLowerCase() ?? '';
const digits = (value: string | null) => value?.replace(/\D/g, '').slice(-10) ?? '';

/** Searches `clauses` joined by OR, at most PUSH_BATCH per call. */
async function searchAll(client: RestClient, clauses: string[]): Promise<FoundCandidate[]> {
  if (!clauses.length) return [];
  return client.search(clauses.join(' OR '), 500);
}

/** The candidate each physician of the batch is already, and how it was found. */
export async function lookUp(client: RestClient, physicians: readonly PushPhysician[]): Promise<Map<number, { candidate: FoundCandidate; on: 'npi' | 'email' | 'name_phone' }>> {
  const found = new Map<number, { candidate: FoundCandidate; on: 'npi' | 'email' | 'name_phone' }>();
  const withNpi = physicians.filter((p) => p.npi);
  if (withNpi.length) {
    const byNpi = new Map((await searchAll(client, [`externalID:(${withNpi.map((p) => lucenePhrase(p.npi!)).join(' OR ')})`])).map((c) => [c.externalID ?? '', c]));
    for (const p of withNpi) {
      const candidate = byNpi.get(p.npi!);
      if (candidate) found.set(p.id, { candidate, on: 'npi' });
    }
  }
  const byEmail = physicians.filter((p) => !found.has(p.id) && p.email);
  if (byEmail.length) {
    const candidates = await searchAll(client, [`email:(${byEmail.map((p) => lucenePhrase(p.email!)).join(' OR ')})`]);
    for (const p of byEmail) {
      const candidate = candidates.find((c) => lower(c.email) === lower(p.email));
      if (candidate) found.set(p.id, { candidate, on: 'email' });
    }
  }
  const byNamePhone = physicians.filter((p) => !found.has(p.id) && (p.phone || p.mobile));
  if (byNamePhone.length) {
    const candidates = await searchAll(
      client,
      byNamePhone.map((p) => `(firstName:${lucenePhrase(p.firstName)} AND lastName:${lucenePhrase(p.lastName)} AND phone:${lucenePhrase((p.phone ?? p.mobile)!)})`),
    );
    for (const p of byNamePhone) {
      const candidate = candidates.find(
        (c) => lower(c.firstName) === lower(p.firstName) && lower(c.lastName) === lower(p.lastName) && digits(c.phone) === digits(p.phone ?? p.mobile),
      );
      if (candidate) found.set(p.id, { candidate, on: 'name_phone' });
    }
  }
  return found;
}

/**
 * The outcome of each item of a batch. A failure of one physician is its own outcome; a refusal of
 * the tokens (authFailed) stops the push and is thrown.
 */
export async function pushBatch(
  client: RestClient,
  items: ReadonlyArray<{ position: number; physician_id: number }>,
  physicians: ReadonlyMap<number, PushPhysician>,
  options: { updateExisting: boolean },
): Promise<ItemOutcome[]> {
  const present = items.map((item) => physicians.get(item.physician_id)).filter((p): p is PushPhysician => p !== undefined);
  const found = await lookUp(client, present);
  const outcomes: ItemOutcome[] = [];
  for (const item of items) {
    const base = { position: item.position, physicianId: item.physician_id };
    const physician = physicians.get(item.physician_id);
    if (!physician) {
      outcomes.push({ ...base, outcome: 'skipped', candidateId: null, reason: 'No longer in the directory', matchedOn: null });
      continue;
    }
    const match = found.get(physician.id);
    try {
      if (match && !options.updateExisting) {
        outcomes.push({ ...base, outcome: 'existing', candidateId: match.candidate.id, reason: null, matchedOn: match.on });
      } else if (match) {
        await client.update(match.candidate.id, candidateFields(physician, { create: false }));
        outcomes.push({ ...base, outcome: 'updated', candidateId: match.candidate.id, reason: null, matchedOn: match.on });
      } else {
        const id = await client.create(candidateFields(physician, { create: true }));
        outcomes.push({ ...base, outcome: 'created', candidateId: id, reason: null, matchedOn: 'created' });
      }
    } catch (error) {
      if (error instanceof BullhornError && error.authFailed && error.status === 401) throw error;
      outcomes.push({ ...base, outcome: 'failed', candidateId: null, reason: (error as Error).message.slice(0, 300), matchedOn: null });
    }
  }
  return outcomes;
}
