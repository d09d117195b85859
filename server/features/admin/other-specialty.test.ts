import { afterAll, describe, expect, it } from 'vitest';
import { SPECIALTY_CHOICE_REQUIRED } from '../../../contract/admin';
import { SPECIALTIES } from '../../../contract/directory-options';
import { createTestContext, resumeSubmission, submitConfirmedResume } from '../../test/harness';

/*
 * A resume whose specialty is 'Other' (docs/decisions/035-freshest-source-and-move-signals.md):
 * the typed words are kept, the operator lists the physician under one of the 18 (the nearest is
 * suggested, with NUCC's sub-specialty the words name: ADR 052), that sub-specialty (or the words
 * as typed) becomes the physician's, and the 18 stay 18 on every list of specialties.
 */

const ctx = await createTestContext();
afterAll(() => ctx.close());
const { agent: admin } = await ctx.signedInAgent({ role: 'admin' });

async function pendingOther(typed: string, lastName: string): Promise<string> {
  const resume = resumeSubmission({ specialty: 'Other', otherSpecialty: typed, lastName, location: 'Tampa, FL' });
  await submitConfirmedResume(ctx, resume, '10.9.9.9');
  const { rows } = await ctx.db.sql.query<{ id: string }>('SELECT id FROM candidate_submissions WHERE lower(email) = $1', [
    String(resume.email).toLowerCase(),
  ]);
  return rows[0].id;
}

describe("approving a resume whose specialty is 'Other'", () => {
  it('shows the typed words and the nearest of the 18; approving needs one of the 18, which lists the physician', async () => {
    const id = await pendingOther('Hyperbaric Medicine', 'Seaborne');
    const list = await admin.get('/api/admin/submissions?status=pending');
    expect(list.status).toBe(200);
    expect(list.body.submissions.find((s: { id: string }) => s.id === id)).toMatchObject({
      specialty: 'Other',
      otherSpecialty: 'Hyperbaric Medicine',
      suggestedSpecialty: 'Emergency Medicine',
      suggestedSubSpecialty: 'Undersea and Hyperbaric Medicine',
    });

    // Without a choice, or with a value that is not one of the 18: refused, still pending.
    const bare = await admin.post(`/api/admin/submissions/${id}/approve`);
    expect(bare.status).toBe(400);
    expect(bare.body.error.fields).toEqual({ specialty: SPECIALTY_CHOICE_REQUIRED });
    const wrong = await admin.post(`/api/admin/submissions/${id}/approve`, { specialty: 'Hyperbaric Medicine' });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.error.fields)).toEqual(['specialty']);
    const { rows: still } = await ctx.db.sql.query('SELECT status FROM candidate_submissions WHERE id = $1', [id]);
    expect(still[0].status).toBe('pending');

    const approved = await admin.post(`/api/admin/submissions/${id}/approve`, { specialty: 'Emergency Medicine' });
    expect(approved.status).toBe(200);
    const physicianId = approved.body.submission.physicianId as number;
    const { rows } = await ctx.db.sql.query(
      `SELECT specialty, sub_specialty, source, location_source, location_source_date = current_date AS dated_today
       FROM physicians WHERE id = $1`,
      [physicianId],
    );
    expect(rows[0]).toEqual({
      specialty: 'Emergency Medicine',
      sub_specialty: 'Undersea and Hyperbaric Medicine',
      source: 'resume',
      location_source: 'resume',
      dated_today: true,
    });
    const { rows: audit } = await ctx.db.sql.query(
      `SELECT details->>'specialty' AS specialty FROM audit_events WHERE action = 'submission.approved' AND target_id = $1`,
      [id],
    );
    expect(audit).toEqual([{ specialty: 'Emergency Medicine' }]);

    // Found by its sub-specialty, and under the specialty chosen.
    const search = await admin.get('/api/physicians?subSpecialty=Undersea%20and%20Hyperbaric%20Medicine');
    expect(search.body.results.map((r: { id: number }) => r.id)).toEqual([physicianId]);
    const profile = await admin.get(`/api/physicians/${physicianId}`);
    expect(profile.body).toMatchObject({ specialty: 'Emergency Medicine', subSpecialty: 'Undersea and Hyperbaric Medicine' });
  });

  it('an ENT resume is suggested Otolaryngology under General Surgery, and found as an otolaryngologist once approved (ADR 052)', async () => {
    const id = await pendingOther('ENT', 'Earnest');
    const list = await admin.get('/api/admin/submissions?status=pending');
    expect(list.body.submissions.find((s: { id: string }) => s.id === id)).toMatchObject({
      otherSpecialty: 'ENT',
      suggestedSpecialty: 'General Surgery',
      suggestedSubSpecialty: 'Otolaryngology',
    });
    const approved = await admin.post(`/api/admin/submissions/${id}/approve`, { specialty: 'General Surgery' });
    expect(approved.status).toBe(200);
    const physicianId = approved.body.submission.physicianId as number;
    for (const query of ['ENT', 'otolaryngologist']) {
      const found = await admin.get(`/api/physicians?${new URLSearchParams({ query })}`);
      expect(found.body.results.map((r: { id: number }) => r.id), query).toContain(physicianId);
    }
    const profile = await admin.get(`/api/physicians/${physicianId}`);
    expect(profile.body).toMatchObject({ specialty: 'General Surgery', subSpecialty: 'Otolaryngology' });

    // Listed under another specialty than the one suggested: the words as typed.
    const other = await pendingOther('ENT', 'Otherway');
    const elsewhere = await admin.post(`/api/admin/submissions/${other}/approve`, { specialty: 'Family Medicine' });
    const { rows } = await ctx.db.sql.query('SELECT specialty, sub_specialty FROM physicians WHERE id = $1', [
      elsewhere.body.submission.physicianId,
    ]);
    expect(rows[0]).toEqual({ specialty: 'Family Medicine', sub_specialty: 'ENT' });
  });

  it('a resume with no near specialty has no suggestion; the operator still chooses', async () => {
    const id = await pendingOther('Crystal Healing', 'Skyward');
    const list = await admin.get('/api/admin/submissions?status=pending');
    expect(list.body.submissions.find((s: { id: string }) => s.id === id)).toMatchObject({
      otherSpecialty: 'Crystal Healing',
      suggestedSpecialty: null,
      suggestedSubSpecialty: null,
    });
    expect((await admin.post(`/api/admin/submissions/${id}/approve`, { specialty: 'Family Medicine' })).status).toBe(200);
  });

  it('the 18 stay 18: no other specialty value reaches the lists of specialties', async () => {
    // Values outside the 18 that real data holds: DAC's 'Other', an old resume's own words.
    await ctx.db.sql.query(
      `INSERT INTO physicians (first_name, last_name, specialty, sub_specialty, source) VALUES
         ('Dana', 'Unlisted', 'Other', 'Astrology', 'dac'),
         ('Hal', 'Older', 'Hyperbaric Medicine', NULL, 'resume')`,
    );
    await ctx.deps.services.directory.directoryChanged();
    const counts = await ctx.agent().get('/api/specialties');
    const names: string[] = counts.body.specialties.map((s: { specialty: string }) => s.specialty);
    expect(names.length).toBeLessThanOrEqual(18);
    expect(names.every((name) => (SPECIALTIES as readonly string[]).includes(name))).toBe(true);
    expect(names).toEqual(expect.arrayContaining(['Emergency Medicine', 'Family Medicine']));
    // Still counted in the facets (the filter panel lists the 18 of them) and searchable.
    const facets = await admin.get('/api/directory/facets');
    expect(facets.body.specialty).toContainEqual({ value: 'Other', count: 1 });
    expect((await admin.get('/api/physicians?specialty=Other')).body.total).toBe(1);
  });

  it('a resume that chose one of the 18 is approved as before, with no body', async () => {
    const resume = resumeSubmission({ specialty: 'Urology', lastName: 'Plainchoice' });
    await submitConfirmedResume(ctx, resume, '10.9.9.8');
    const { rows } = await ctx.db.sql.query<{ id: string; specialty: string; other_specialty: string | null }>(
      'SELECT id, specialty, other_specialty FROM candidate_submissions WHERE lower(email) = $1',
      [String(resume.email).toLowerCase()],
    );
    expect(rows[0]).toMatchObject({ specialty: 'Urology', other_specialty: null });
    const approved = await admin.post(`/api/admin/submissions/${rows[0].id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.submission).toMatchObject({ specialty: 'Urology', otherSpecialty: null, suggestedSpecialty: null });
  });
});
