import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Migrations run in file-name order and are recorded by file name, so a number used twice leaves
 * their order to the rest of the name. The numbers reused before this rule are kept as they are
 * (renaming an applied migration would run it again on every existing database); no new reuse.
 */
const REUSED_BEFORE_THE_RULE: Record<string, number> = { '0003': 2, '0008': 2, '0010': 3, '0011': 4 };

describe('migration files', () => {
  it('are named NNNN-name.sql, and no number is used twice (except those reused before the rule)', () => {
    const files = readdirSync(fileURLToPath(new URL('./migrations', import.meta.url))).filter((f) => f.endsWith('.sql'));
    expect(files.filter((f) => !/^\d{4}-[a-z0-9-]+\.sql$/.test(f))).toEqual([]);
    const counts = new Map<string, number>();
    for (const file of files) counts.set(file.slice(0, 4), (counts.get(file.slice(0, 4)) ?? 0) + 1);
    const reused = [...counts].filter(([number, count]) => count > 1 && REUSED_BEFORE_THE_RULE[number] !== count);
    expect(reused, 'a migration number used twice: take the next free number').toEqual([]);
  });
});
