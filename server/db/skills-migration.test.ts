import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../test/harness';
import { MIGRATIONS_DIR } from './migrate';

/*
 * Migration 0040 on rows written before skills were compared without regard to case or spaces:
 * run again (it already ran on the empty template; it is safe to repeat) over such rows, on
 * PGlite and PostgreSQL.
 */
const ctx = await createTestContext();
afterAll(() => ctx.close());

const migration = await readFile(`${MIGRATIONS_DIR}0040-skills-once.sql`, 'utf8');

async function skillsOf(id: number) {
  const { rows } = await ctx.db.sql.query<{ skills: string[]; updated_at: Date }>(
    'SELECT skills, updated_at FROM physicians WHERE id = $1',
    [id],
  );
  return rows[0];
}

describe('migration 0040: each skill once', () => {
  it('keeps the first spelling of a repeated skill, leaves other rows alone, and the directory counts it once', async () => {
    await ctx.db.sql.query(
      `INSERT INTO physicians (id, first_name, last_name, specialty, skills, updated_at) VALUES
         (9001, 'Ann', 'Repeat', 'Family Medicine', ARRAY['Wound Care', 'wound care', 'Teaching', ' WOUND  CARE ', 'WoundCare', 'teaching'], '2020-01-01'),
         (9002, 'Ben', 'Plain', 'Family Medicine', ARRAY['Wound Care', 'Research'], '2020-01-01'),
         (9003, 'Cy', 'Single', 'Family Medicine', ARRAY['  Odd   Spacing '], '2020-01-01')`,
    );
    await ctx.db.sql.query(
      `INSERT INTO candidate_submissions (first_name, last_name, title, organization, specialty, email, phone, location, skills)
       VALUES ('Dee', 'Resume', 'Physician', 'Clinic', 'Cardiology', 'dee.resume@example.com', '(555) 010-0000', 'Boston, MA',
               ARRAY['Echo', 'ECHO', 'Research'])`,
    );

    await ctx.driver.exec(migration);

    const repeated = await skillsOf(9001);
    expect(repeated.skills).toEqual(['Wound Care', 'Teaching']);
    // Nothing about the physician changed: no new-match alert is due.
    expect(repeated.updated_at.toISOString()).toBe(new Date('2020-01-01').toISOString());
    expect((await skillsOf(9002)).skills).toEqual(['Wound Care', 'Research']);
    // A row without a repeat is not rewritten (its spacing stays as stored).
    expect((await skillsOf(9003)).skills).toEqual(['  Odd   Spacing ']);
    const { rows } = await ctx.db.sql.query<{ skills: string[] }>(
      `SELECT skills FROM candidate_submissions WHERE email = 'dee.resume@example.com'`,
    );
    expect(rows[0].skills).toEqual(['Echo', 'Research']);

    // The skills filter counts each physician once under one spelling.
    await ctx.deps.services.directory.directoryChanged();
    const facets = await ctx.agent().get('/api/directory/facets');
    expect(facets.status).toBe(200);
    const woundCare = (facets.body.skills as Array<{ value: string; count: number }>).filter(
      (f) => f.value.toLowerCase().replace(/\s+/g, '') === 'woundcare',
    );
    expect(woundCare).toEqual([{ value: 'Wound Care', count: 2 }]);
    const profile = await ctx.agent().get('/api/physicians/9001');
    expect(profile.body.skills).toEqual(['Wound Care', 'Teaching']);
  });
});
