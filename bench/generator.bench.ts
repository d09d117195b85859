/*
 * Demo generator speed (`npm run bench:generator`): how long the deterministic generator takes
 * for the demo directory's sizes, in this process (no database). Prints a table; never asserts.
 */
import { generatePhysicians } from '../server/db/seed/generator';

const SIZES = (process.env.BENCH_GENERATOR_SIZES ?? '20000,300000').split(',').map(Number);

const rows: { rows: string; ms: string; 'rows/s': string }[] = [];
for (const count of SIZES) {
  const started = performance.now();
  let checksum = 0;
  for (const p of generatePhysicians({ count })) checksum += p.skills.length;
  const ms = performance.now() - started;
  if (checksum === 0) throw new Error('the generator produced no skills');
  rows.push({
    rows: count.toLocaleString('en-US'),
    ms: String(Math.round(ms)),
    'rows/s': Math.round((count / ms) * 1000).toLocaleString('en-US'),
  });
}
console.table(rows);
