import { availableParallelism } from 'node:os';
import { parse as parseConnectionString } from 'pg-connection-string';
import { z } from 'zod';
import { isLoopback } from './rate-limit';

const bool = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const wholeNumber = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};

const emailList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email('each address in ADMIN_EMAILS must be an email address')));

/** Every setting the server reads, checked once at start. README lists them all. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: wholeNumber(0, 65535).default(3000),
  /** Default depends on NODE_ENV (see loadEnv): 127.0.0.1 in development and test, 0.0.0.0 in production. */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * Where the directory index is kept between starts (ADR 038), or 'off'. Unset: DATA_DIR/index-snapshot
   * on both engines (ADR 049); off in tests. A folder of another user, or one others may write, is refused.
   */
  INDEX_SNAPSHOT_DIR: z.string().min(1).optional(),
  /** Server processes on one port (node:cluster; PostgreSQL only, ADR 038). */
  WEB_CONCURRENCY: wholeNumber(1, 64).default(1),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * PostgreSQL connections per server process. Default (ADR 047): for a database on this machine,
   * its cores plus one shared among the WEB_CONCURRENCY processes (at least 2 each); otherwise 10.
   */
  DATABASE_POOL_SIZE: wholeNumber(1, 100).optional(),
  APP_URL: z.url('must be a URL such as http://localhost:3000').optional(),
  ADMIN_EMAILS: emailList,
  /** Where contact-form messages are mailed; default: every ADMIN_EMAILS address. */
  CONTACT_INBOX: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('each address in CONTACT_INBOX must be an email address'))),
  /** Key of the suppression list's hashes (docs/decisions/013); unset: one generated and kept in the database. */
  SUPPRESSION_KEY: z.string().min(32, 'must be at least 32 characters (e.g. the output of openssl rand -hex 32)').optional(),
  /**
   * How many reverse proxies stand in front (0: none). The client IP is the address the
   * outermost proxy appended to x-forwarded-for: with 1, the last hop. 'true' means 1.
   */
  TRUST_PROXY: z.preprocess(
    (v) => (v === 'true' ? '1' : v === 'false' || v === undefined ? '0' : v),
    wholeNumber(0, 10),
  ),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** 1: production without SMTP_URL on purpose (mail stays in the email_outbox table). */
  MAIL_OUTBOX_ONLY: bool,
  MAIL_FROM: z.string().default('PhysicianDirect <no-reply@physiciandirect.example>'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  STRIPE_PRICE_MONTHLY: z.string().optional(),
  STRIPE_PRICE_ANNUAL: z.string().optional(),
  /** Another Stripe API address (stripe-mock, tests); unset: api.stripe.com. */
  STRIPE_API_BASE: z.url('must be a URL such as http://localhost:12111').optional(),
  /** 1: production with the built-in demo billing provider on purpose (a staging or sales demo): nobody pays. */
  BILLING_DEMO: bool,
  DEMO_DATA: bool,
  DEMO_DIRECTORY_SIZE: wholeNumber(0, 5_000_000).default(300_000),
  REVEAL_DAILY_LIMIT: wholeNumber(1, 1_000_000).default(250),
  /** Fair-use ceiling of exported contacts (rows) per user per UTC day. */
  EXPORT_DAILY_LIMIT: wholeNumber(1, 10_000_000).default(2_500),
  /** A session not used for this many days ends (besides the 30-day ceiling of every session). */
  SESSION_IDLE_DAYS: wholeNumber(1, 30).default(7),
  /** Multiplies every rate limit's allowance (the browser-test server raises it: all its users share 127.0.0.1). */
  RATE_LIMIT_FACTOR: wholeNumber(1, 1000).default(1),
  /** Bearer token for GET /metrics from anywhere; unset: /metrics answers callers on this machine only. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (e.g. the output of openssl rand -hex 16)').optional(),
  /** The largest import upload accepted (bytes); a larger one is refused with 413. 3 GiB holds the NPPES .zip. */
  IMPORT_MAX_BYTES: wholeNumber(1, Number.MAX_SAFE_INTEGER).default(3 * 1024 ** 3),
  /** Contact values last checked longer ago than this are re-verified by the job (ADR 032). */
  VERIFY_MAX_AGE_DAYS: wholeNumber(1, 365).default(30),
  /** Values the re-verification job checks per minute, across every server process (the providers' rate and quota). */
  VERIFY_RATE_PER_MINUTE: wholeNumber(1, 100_000).default(600),
  /** 0: the built-in verifier never asks DNS for MX records (every such email stays 'unknown'). */
  VERIFY_DNS: z
    .enum(['0', '1', 'true', 'false'], { error: 'must be 0 or 1' })
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
  /** ZeroBounce verifies emails when set; unset: the built-in checks. */
  ZEROBOUNCE_API_KEY: z.string().min(8, 'must be a ZeroBounce API key').optional(),
  /** Another ZeroBounce API address (tests, the US or EU endpoint); unset: api.zerobounce.net/v2. */
  ZEROBOUNCE_API_URL: z.url('must be a URL such as https://api-us.zerobounce.net/v2').optional(),
  /** Twilio Lookup v2 verifies phones when both are set; unset: the built-in checks. */
  TWILIO_ACCOUNT_SID: z.string().startsWith('AC', 'must start with AC').optional(),
  TWILIO_AUTH_TOKEN: z.string().min(8, 'must be a Twilio auth token').optional(),
  /** Another Twilio Lookup address (tests); unset: https://lookups.twilio.com. */
  TWILIO_LOOKUP_URL: z.url('must be a URL such as http://localhost:4010').optional(),
  /** Seals the integrations' secrets (ATS tokens, webhook secrets) outside the database (ADR 064); required in production to use them. */
  INTEGRATIONS_KEY: z.string().min(32, 'must be at least 32 characters (e.g. the output of openssl rand -hex 32)').optional(),
  /** The Bullhorn OAuth app (ADR 064): both, or neither (then the Bullhorn card says it is not set up). */
  BULLHORN_CLIENT_ID: z.string().min(1).optional(),
  BULLHORN_CLIENT_SECRET: z.string().min(1).optional(),
  /** Bullhorn's loginInfo address (tests: a local server); unset: https://rest.bullhornstaffing.com/rest-services. */
  BULLHORN_LOGIN_INFO_URL: z.url('must be a URL such as https://rest.bullhornstaffing.com/rest-services').optional(),
  /** Recruiter emails a physician receives in any 30 days through the product, from all customers together (ADR 066). */
  OUTREACH_MONTHLY_LIMIT: wholeNumber(0, 4).default(4),
  /** Outreach emails one recruiter may queue a day (ADR 066). */
  OUTREACH_DAILY_PER_RECRUITER: wholeNumber(1, 10_000).default(200),
  /** The sender's postal address printed in every outreach email (CAN-SPAM); required in production to send outreach. */
  COMPANY_POSTAL_ADDRESS: z.string().min(10, 'must be a full postal address').optional(),
  /**
   * The shared secret of POST /api/outreach/complaints, where the mail provider's feedback loop
   * reports spam complaints (ADR 066); unset: the endpoint answers 404.
   */
  OUTREACH_COMPLAINTS_TOKEN: z.string().min(16, 'must be at least 16 characters (e.g. the output of openssl rand -hex 16)').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A file the event loop's delays are written to on SIGUSR2 (the load bench reads it). */
  EVENT_LOOP_STATS_FILE: z.string().optional(),
});
export type Env = z.infer<typeof EnvSchema> & { APP_URL: string; HOST: string; DATABASE_POOL_SIZE: number };

export class ConfigError extends Error {}

/** Parses the environment; a bad value stops start-up with a message naming the variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => {
      const name = String(i.path[0] ?? 'environment');
      return `  ${name}=${JSON.stringify(source[name] ?? '')}: ${i.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  // Every rule that spans variables, reported together so one restart fixes them all.
  const problems: string[] = [];
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
  }
  if (env.STRIPE_SECRET_KEY && (!env.STRIPE_PRICE_MONTHLY || !env.STRIPE_PRICE_ANNUAL)) {
    problems.push('STRIPE_PRICE_MONTHLY, STRIPE_PRICE_ANNUAL: both required when STRIPE_SECRET_KEY is set');
  }
  if (!env.TWILIO_ACCOUNT_SID !== !env.TWILIO_AUTH_TOKEN) {
    problems.push('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN: set both or neither');
  }
  if (!env.BULLHORN_CLIENT_ID !== !env.BULLHORN_CLIENT_SECRET) {
    problems.push('BULLHORN_CLIENT_ID, BULLHORN_CLIENT_SECRET: set both or neither');
  }
  if (env.NODE_ENV === 'production' && env.BULLHORN_CLIENT_ID && !env.INTEGRATIONS_KEY) {
    problems.push('INTEGRATIONS_KEY: required when BULLHORN_CLIENT_ID is set in production (it seals the Bullhorn tokens outside the database)');
  }
  if (env.NODE_ENV === 'production' && !env.STRIPE_SECRET_KEY && !env.BILLING_DEMO) {
    // The demo provider hands out paid plans for a test card number: never by accident in production.
    problems.push(
      'STRIPE_SECRET_KEY: required when NODE_ENV=production (set BILLING_DEMO=1 to run the demo billing provider on purpose, e.g. a staging or sales demo: anyone can then get a paid plan for free)',
    );
  }
  if (env.NODE_ENV === 'production' && !env.SMTP_URL && !env.MAIL_OUTBOX_ONLY) {
    // Without SMTP, verification and reset mail would never leave the database.
    problems.push(
      'SMTP_URL: required when NODE_ENV=production (set MAIL_OUTBOX_ONLY=1 to keep mail in the email_outbox table on purpose)',
    );
  }
  if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
    problems.push(
      `WEB_CONCURRENCY: ${env.WEB_CONCURRENCY} server processes need DATABASE_URL (the embedded database serves one process; leave WEB_CONCURRENCY unset or 1)`,
    );
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return {
    ...env,
    // Development listens on this machine only: its tools (the mailbox) are not for the network.
    HOST: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
    CONTACT_INBOX: env.CONTACT_INBOX.length ? env.CONTACT_INBOX : env.ADMIN_EMAILS,
    DATABASE_POOL_SIZE:
      env.DATABASE_POOL_SIZE ?? defaultDatabasePoolSize(env.DATABASE_URL, env.WEB_CONCURRENCY, availableParallelism()),
  };
}

/** Connections per process of a pool to a database on another host (node-postgres's own default). */
const REMOTE_POOL_SIZE = 10;

/**
 * DATABASE_POOL_SIZE when unset (ADR 047). A database on this machine runs on the server's own
 * cores: more backends at work than cores only take turns, and every backend that runs takes a
 * core from the server's event loop, so the pool is sized to the cores (plus one, for the backend
 * whose answer is on its way back), shared among the server processes. A database on another host
 * has cores of its own, and each query waits on the network too: node-postgres's default.
 */
export function defaultDatabasePoolSize(url: string | undefined, processes: number, cores: number): number {
  if (!url || !isOnThisMachine(url)) return REMOTE_POOL_SIZE;
  return Math.max(2, Math.ceil((cores + 1) / processes));
}

/**
 * Whether a postgres:// URL names this machine, read as node-postgres reads it: a loopback host,
 * no host (node-postgres then takes localhost), or a Unix socket's folder.
 */
function isOnThisMachine(url: string): boolean {
  const host = parseConnectionString(url).host ?? '';
  return host === '' || host.startsWith('/') || host === 'localhost' || isLoopback(host);
}
