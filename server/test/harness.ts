import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { createApp } from '../app';
import { createDb, type Db } from '../db/client';
import type { SqlDriver } from '../db/driver';
import { migrate } from '../db/migrate';
import { openPgDriver } from '../db/pg-driver';
import { openPgliteDriver } from '../db/pglite-driver';
import { hashPassword } from '../features/auth/password';
import { findUserById } from '../features/auth/repo';
import { createSession, SESSION_COOKIE } from '../features/auth/session';
import type { AppDeps } from '../lib/context';
import { loadEnv } from '../lib/env';
import { createLogger, type Logger } from '../lib/logger';
import { createServices } from '../services';
import { registerJobs } from '../jobs';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../contract/errors';
import type { Role, Tier } from '../../contract/account';
import type { CreateSubmissionRequest } from '../../contract/submissions';
import { TEMPLATE_PATH } from './template-path';

let templateBytes: Uint8Array | undefined;

/**
 * A database of its own for one test file: a copy of the migrated PGlite template, or, when
 * DATABASE_URL is set, a fresh schema on that PostgreSQL server.
 */
export async function openTestDatabase(
  url = process.env.DATABASE_URL,
): Promise<{ driver: SqlDriver; db: Db; close(): Promise<void> }> {
  if (url) {
    const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = openPgDriver({ connectionString: url, max: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    await admin.close();
    const driver = openPgDriver({ connectionString: url, searchPath: `${schema},public`, max: 4 });
    await migrate(driver);
    return {
      driver,
      db: createDb(driver),
      async close() {
        await driver.close();
        const cleanup = openPgDriver({ connectionString: url, max: 1 });
        await cleanup.exec(`DROP SCHEMA ${schema} CASCADE`);
        await cleanup.close();
      },
    };
  }
  templateBytes ??= new Uint8Array(await readFile(TEMPLATE_PATH));
  const driver = await openPgliteDriver({ loadDataDir: templateBytes });
  // Copies of one template would share the secret migration 0049 draws: each gets its own, as a
  // database made by the migrations does (ADR 049).
  await driver.query(`UPDATE server_secrets SET secret = decode($1, 'hex')`, [randomBytes(32).toString('hex')]);
  return { driver, db: createDb(driver), close: () => driver.close() };
}

export type TestResponse<T = any> = { status: number; body: T; headers: Headers; text: string };

/** Calls the app in-process (no socket) and keeps cookies between calls, like a browser. */
export class TestAgent {
  private cookies = new Map<string, string>();
  /**
   * `remoteAddress`: the TCP peer the app sees (as if over a socket), e.g. '127.0.0.1' for a
   * caller on this machine; without it requests have no socket and clientIp() is 'unknown'.
   */
  constructor(
    private readonly app: ReturnType<typeof createApp>,
    private readonly remoteAddress?: string,
  ) {}

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }
  clearCookies() {
    this.cookies.clear();
  }

  async request<T = any>(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined && !(typeof options.body === 'string'))
      headers['content-type'] = 'application/json';
    if (method !== 'GET' && options.csrf !== false) headers[CSRF_HEADER] = CSRF_HEADER_VALUE;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const bindings = this.remoteAddress
      ? { incoming: { socket: { remoteAddress: this.remoteAddress } } }
      : undefined;
    const res = await this.app.request(
      path,
      {
        method,
        headers,
        body:
          options.body === undefined
            ? undefined
            : typeof options.body === 'string'
              ? options.body
              : JSON.stringify(options.body),
      },
      bindings,
    );
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: res.status, body: body as T, headers: res.headers, text };
  }
  get<T = any>(path: string, options?: { headers?: Record<string, string> }) {
    return this.request<T>('GET', path, options);
  }
  post<T = any>(
    path: string,
    body?: unknown,
    options?: { headers?: Record<string, string>; csrf?: boolean },
  ) {
    return this.request<T>('POST', path, { ...options, body });
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, { body });
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, { body });
  }
  delete<T = any>(path: string, body?: unknown) {
    return this.request<T>('DELETE', path, { body });
  }
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/**
 * The whole app on a database of its own. Call `close()` in afterAll. `databaseUrl`: a PostgreSQL
 * to use instead of DATABASE_URL's (e.g. one reached through a proxy a test controls).
 */
export async function createTestContext(
  options: { env?: Record<string, string>; databaseUrl?: string; logger?: Logger } = {},
) {
  const database = await openTestDatabase(options.databaseUrl);
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    DEMO_DIRECTORY_SIZE: '0',
    ...options.env,
  });
  const logger = options.logger ?? createLogger('silent', false);
  const base = { db: database.db, env, logger };
  const deps: AppDeps = { ...base, services: await createServices(base) };
  // The server's jobs, registered (not started): a test runs or wakes them (a list upload wakes 'matches').
  registerJobs(deps.services.jobs, deps);
  const app = createApp({ deps });
  return {
    app,
    db: database.db,
    driver: database.driver,
    deps,
    /** `remoteAddress`: see TestAgent (e.g. '127.0.0.1' for the development mailbox). */
    agent: (remoteAddress?: string) => new TestAgent(app, remoteAddress),
    /** A verified user with the given tier/role, and an agent already signed in as them. */
    async signedInAgent(input: { email?: string; tier?: Tier; role?: Role } = {}) {
      const user = await createTestUser(database.db, input);
      const agent = new TestAgent(app);
      const { token } = await createSession(database.db, user.id);
      agent.setCookie(SESSION_COOKIE, token);
      return { agent, user };
    },
    async close() {
      // As main.ts does: a pass a test woke (a list upload's matching) ends before the database closes.
      await deps.services.jobs.stop();
      deps.services.importJobs.removeUploads();
      await database.close();
    },
  };
}

let passwordHashCache: string | undefined;
export const TEST_PASSWORD = 'correct-horse-battery';

export async function createTestUser(
  db: Db,
  input: { email?: string; tier?: Tier; role?: Role; verified?: boolean } = {},
) {
  passwordHashCache ??= await hashPassword(TEST_PASSWORD);
  const email = input.email ?? `user-${randomBytes(4).toString('hex')}@example.com`;
  const { rows } = await db.sql.query<{ id: string }>(
    'INSERT INTO users (email, password_hash, role, email_verified_at) VALUES ($1, $2, $3, $4::timestamptz) RETURNING id',
    [email, passwordHashCache, input.role ?? 'user', input.verified === false ? null : new Date().toISOString()],
  );
  const user = await findUserById(db, rows[0].id);
  if (!user) throw new Error(`test user ${email} not found after its insert`);
  const tier = input.tier ?? 'free';
  if (tier !== 'free') {
    await db.sql.query(
      `INSERT INTO subscriptions (user_id, provider, status, price_id, tier, provider_subscription_id)
       VALUES ($1, 'demo', 'active', $2, $3, $4)`,
      [user.id, tier === 'premium' ? 'price_annual' : 'price_monthly', tier, `demo_sub_${user.id}`],
    );
  }
  return user;
}

/** A valid body of POST /api/submissions (a resume), with a fresh email unless one is given. */
export function resumeSubmission(overrides: Partial<Record<keyof CreateSubmissionRequest, unknown>> = {}) {
  return {
    firstName: 'Ada',
    middleName: '',
    lastName: 'Lovelace',
    title: 'Attending Physician',
    companyName: 'Analytical Health',
    specialty: 'Cardiology',
    otherSpecialty: '',
    email: `doc-${randomBytes(5).toString('hex')}@example.com`,
    phone: '(555) 123-4567',
    location: 'Boston, MA',
    linkedinUrl: '',
    education: [],
    skills: [],
    ...overrides,
  };
}

/** The token of the last resume-confirmation link mailed to `email` (read from the outbox the app wrote). */
export async function submissionConfirmToken(db: Db, email: string): Promise<string> {
  const { rows } = await db.sql.query<{ text_body: string }>(
    `SELECT text_body FROM email_outbox WHERE lower(to_address) = lower($1) AND text_body LIKE '%/confirm-resume?token=%'
      ORDER BY id DESC LIMIT 1`,
    [email],
  );
  const match = /\/confirm-resume\?token=([^\s]+)/.exec(rows[0]?.text_body ?? '');
  if (!match) throw new Error(`no resume confirmation link was mailed to ${email}`);
  return decodeURIComponent(match[1]);
}

/**
 * A resume submitted on the public form whose sender then follows the emailed link: pending, in
 * the operators' queue. `ip` keeps per-IP limits apart between tests.
 */
export async function submitConfirmedResume(
  ctx: Pick<TestContext, 'db' | 'agent'>,
  body: ReturnType<typeof resumeSubmission>,
  ip?: string,
): Promise<void> {
  const agent = ctx.agent(ip);
  const submitted = await agent.post('/api/submissions', body);
  if (submitted.status !== 201) throw new Error(`submission refused: ${submitted.status} ${submitted.text}`);
  const confirmed = await agent.post('/api/submissions/confirm', { token: await submissionConfirmToken(ctx.db, String(body.email)) });
  if (confirmed.status !== 200) throw new Error(`confirmation refused: ${confirmed.status} ${confirmed.text}`);
}
