/*
 * Contact verification (ADR 032), `npm run bench:verification`:
 *  1. the built-in verifier over every contact value of the BENCH_ROWS (300,000) demo directory
 *     (the demo's mail domains answered without DNS, as a demo server does), values a second;
 *  2. the re-verification job's batch on each engine (PostgreSQL when DATABASE_URL is set; PGlite
 *     always): BENCH_VERIFY_ROWS demo physicians, every value made due, then batches of
 *     VERIFY_BATCH_ROWS rows claimed, checked by the built-in verifier and written, timed each.
 * Prints the load average beside the figures: on a shared machine they are upper bounds.
 */
import { loadavg } from 'node:os';
import { CONTACT_VALUE_ORDER } from '../server/db/seed/contact-checks';
import { generatePhysicians } from '../server/db/seed/generator';
import { loadDemoDirectory } from '../server/db/seed/demo';
import { createBuiltinVerifier } from '../server/lib/verification/builtin';
import { DEMO_MAIL_DOMAINS } from '../server/lib/verification/create-verifier';
import { runVerificationBatch, VERIFY_BATCH_ROWS } from '../server/features/verification/job';
import { benchEngines, percentile, printTable } from './bench-db';

const ROWS = Number(process.env.BENCH_ROWS ?? 300_000);
const JOB_ROWS = Number(process.env.BENCH_VERIFY_ROWS ?? 20_000);
const BATCHES = Number(process.env.BENCH_VERIFY_BATCHES ?? 40);
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');

async function verifierThroughput() {
  const values: Array<{ value: string; kind: 'email' | 'mobile' | 'office' }> = [];
  for (const p of generatePhysicians({ count: ROWS })) {
    for (const [i, key] of CONTACT_VALUE_ORDER.entries()) {
      const value = p[key];
      if (value !== null) values.push({ value, kind: i < 2 ? 'email' : i === 2 ? 'mobile' : 'office' });
    }
  }
  const verifier = createBuiltinVerifier({ dns: false, knownDomains: DEMO_MAIL_DOMAINS });
  const counts = { valid: 0, invalid: 0, risky: 0, unknown: 0 };
  const before = load();
  const started = performance.now();
  const CHUNK = 1_000;
  for (let at = 0; at < values.length; at += CHUNK) {
    const results = await Promise.all(
      values.slice(at, at + CHUNK).map((v) => (v.kind === 'email' ? verifier.verifyEmail(v.value) : verifier.verifyPhone(v.value, v.kind))),
    );
    for (const r of results) counts[r.status]++;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`\nBuilt-in verifier over the ${ROWS.toLocaleString('en-US')}-physician demo directory (load average before: ${before}, after: ${load()})`);
  printTable([
    ['values', 'seconds', 'values/s', 'valid', 'invalid', 'risky', 'unknown'],
    [
      values.length.toLocaleString('en-US'),
      seconds.toFixed(1),
      Math.round(values.length / seconds).toLocaleString('en-US'),
      counts.valid.toLocaleString('en-US'),
      counts.invalid.toLocaleString('en-US'),
      counts.risky.toLocaleString('en-US'),
      counts.unknown.toLocaleString('en-US'),
    ],
  ]);
}

async function jobBatches() {
  const rows: string[][] = [['engine', 'physicians', 'batches', 'values', 'batch p50 ms', 'batch p95 ms', 'ms a value', 'values/s', 'load average']];
  for (const open of benchEngines('verification')) {
    const engine = await open();
    try {
      await loadDemoDirectory(engine.driver, { count: JOB_ROWS });
      await engine.db.sql.query(
        `UPDATE physician_contacts SET checked_at = NULL, ${['personal_email', 'work_email', 'mobile_phone', 'office_phone']
          .map((f) => `${f}_method = NULL`)
          .join(', ')}`,
      );
      const deps = {
        db: engine.db,
        verifier: createBuiltinVerifier({ dns: false, knownDomains: DEMO_MAIL_DOMAINS }),
        maxAgeDays: 30,
        ratePerMinute: 100_000_000,
      };
      const times: number[] = [];
      let values = 0;
      const started = performance.now();
      for (let i = 0; i < BATCHES; i++) {
        const t = performance.now();
        const run = await runVerificationBatch(deps);
        times.push(performance.now() - t);
        values += run.values;
      }
      const total = (performance.now() - started) / 1000;
      rows.push([
        engine.name,
        JOB_ROWS.toLocaleString('en-US'),
        `${BATCHES} x ${VERIFY_BATCH_ROWS} rows`,
        values.toLocaleString('en-US'),
        percentile(times, 50).toFixed(0),
        percentile(times, 95).toFixed(0),
        ((total * 1000) / values).toFixed(2),
        Math.round(values / total).toLocaleString('en-US'),
        load(),
      ]);
    } finally {
      await engine.close();
    }
  }
  console.log(`\nThe re-verification job's batch (claim ${VERIFY_BATCH_ROWS} due rows, check, write each row in its own transaction)`);
  printTable(rows);
}

if (process.env.BENCH_VERIFY_SKIP_VERIFIER !== '1') await verifierThroughput();
if (BATCHES > 0) await jobBatches();
