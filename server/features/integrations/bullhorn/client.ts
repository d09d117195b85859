/*
 * Bullhorn's documented REST API (bullhorn/rest-api-docs), the calls we make and nothing else:
 * loginInfo (which data centre holds the user), the OAuth authorize / token pair, the REST login
 * (BhRestToken) and Candidate search, create and update. Every call is paced (Bullhorn allows 1,500
 * a minute) and a 429 or 5xx is retried with backoff; the caller gets one BullhornError otherwise.
 */

export class BullhornError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Bullhorn refused the tokens themselves: the connection must be made again. */
    readonly authFailed = false,
  ) {
    super(message);
  }
}

export type LoginInfo = { oauthUrl: string; restUrl: string };
export type OAuthTokens = { accessToken: string; refreshToken: string; expiresAt: Date };
export type RestSession = { restUrl: string; restToken: string };

/** Candidate fields we write and read (Bullhorn's names). */
export type CandidateFields = {
  firstName?: string;
  lastName?: string;
  name?: string;
  status?: string;
  email?: string;
  mobile?: string;
  phone?: string;
  occupation?: string;
  source?: string;
  externalID?: string;
  address?: { city?: string; state?: string; zip?: string; countryID?: number };
};
export type FoundCandidate = { id: number; externalID: string | null; email: string | null; firstName: string | null; lastName: string | null; phone: string | null };

/** Spaces calls so that no more than `perMinute` start in any minute (one pacer per push job). */
export function createPacer(perMinute: number) {
  const gap = 60_000 / perMinute;
  let next = 0;
  let calls = 0;
  return {
    async wait(): Promise<void> {
      const now = performance.now();
      const at = Math.max(now, next);
      next = at + gap;
      calls++;
      if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
    },
    get calls() {
      return calls;
    },
  };
}
export type Pacer = ReturnType<typeof createPacer>;

export type RetryPolicy = { attempts: number; baseMs: number; maxMs: number };
export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, baseMs: 1_000, maxMs: 60_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retry-After in seconds or as a date; the backoff when absent. */
function waitFor(response: Response, attempt: number, policy: RetryPolicy): number {
  const header = response.headers.get('retry-after');
  const seconds = header !== null && /^\d+$/.test(header.trim()) ? Number(header) * 1000 : header ? Date.parse(header) - Date.now() : NaN;
  const backoff = Math.min(policy.maxMs, policy.baseMs * 2 ** attempt);
  return Math.min(policy.maxMs, Number.isFinite(seconds) && seconds >= 0 ? seconds : backoff);
}

async function call(
  url: string,
  init: RequestInit,
  options: { pacer?: Pacer; retry?: RetryPolicy; signal?: AbortSignal },
): Promise<unknown> {
  const policy = options.retry ?? DEFAULT_RETRY;
  for (let attempt = 0; ; attempt++) {
    await options.pacer?.wait();
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: options.signal ?? AbortSignal.timeout(30_000) });
    } catch (error) {
      if (options.signal?.aborted || attempt + 1 >= policy.attempts) {
        throw new BullhornError(`Bullhorn could not be reached (${(error as Error).message})`, 0);
      }
      await sleep(Math.min(policy.maxMs, policy.baseMs * 2 ** attempt));
      continue;
    }
    const text = await response.text();
    if (response.ok) return text ? (JSON.parse(text) as unknown) : null;
    if ((response.status === 429 || response.status >= 500) && attempt + 1 < policy.attempts) {
      await sleep(waitFor(response, attempt, policy));
      continue;
    }
    let message = text.slice(0, 300);
    try {
      const body = JSON.parse(text) as { errorMessage?: string; error_description?: string; message?: string };
      message = body.errorMessage ?? body.error_description ?? body.message ?? message;
    } catch {
      // Not JSON: the text as it came.
    }
    throw new BullhornError(`Bullhorn answered ${response.status}: ${message}`, response.status, response.status === 400 || response.status === 401);
  }
}

const withQuery = (base: string, path: string, query: Record<string, string>) => {
  const url = new URL(path, base.endsWith('/') ? base : `${base}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
};

/** The user's data centre: Bullhorn answers the general address with a redirect (307) to its own. */
export async function loginInfo(loginInfoUrl: string, username: string): Promise<LoginInfo> {
  const body = (await call(withQuery(loginInfoUrl, 'loginInfo', { username }), { method: 'GET', redirect: 'follow' }, { retry: { attempts: 3, baseMs: 500, maxMs: 5_000 } })) as Partial<LoginInfo> | null;
  if (!body?.oauthUrl || !body.restUrl) throw new BullhornError('Bullhorn does not know this user name.', 404);
  return { oauthUrl: body.oauthUrl, restUrl: body.restUrl };
}

export function authorizeUrl(oauthUrl: string, input: { clientId: string; redirectUri: string; state: string; username: string }): string {
  return withQuery(oauthUrl, 'authorize', {
    client_id: input.clientId,
    response_type: 'code',
    redirect_uri: input.redirectUri,
    state: input.state,
    username: input.username,
  });
}

type TokenBody = { access_token?: string; refresh_token?: string; expires_in?: number };

function tokensOf(body: unknown): OAuthTokens {
  const token = body as TokenBody | null;
  if (!token?.access_token || !token.refresh_token) throw new BullhornError('Bullhorn gave no tokens.', 502, true);
  return {
    accessToken: token.access_token,
    refreshToken: token.refresh_token,
    expiresAt: new Date(Date.now() + (token.expires_in ?? 600) * 1000),
  };
}

/** The authorization code for the first tokens (the code is good for a minute or two). */
export async function exchangeCode(oauthUrl: string, input: { clientId: string; clientSecret: string; code: string; redirectUri: string }): Promise<OAuthTokens> {
  const url = withQuery(oauthUrl, 'token', {
    grant_type: 'authorization_code',
    code: input.code,
    client_id: input.clientId,
    client_secret: input.clientSecret,
    redirect_uri: input.redirectUri,
  });
  return tokensOf(await call(url, { method: 'POST' }, { retry: { attempts: 2, baseMs: 500, maxMs: 2_000 } }));
}

/** New tokens for the refresh token; Bullhorn then holds only the new refresh token as good. */
export async function refreshTokens(oauthUrl: string, input: { clientId: string; clientSecret: string; refreshToken: string }): Promise<OAuthTokens> {
  const url = withQuery(oauthUrl, 'token', {
    grant_type: 'refresh_token',
    refresh_token: input.refreshToken,
    client_id: input.clientId,
    client_secret: input.clientSecret,
  });
  return tokensOf(await call(url, { method: 'POST' }, {}));
}

/** A REST session for the access token. */
export async function restLogin(loginUrl: string, accessToken: string): Promise<RestSession> {
  const body = (await call(withQuery(loginUrl, 'login', { version: '*', access_token: accessToken }), { method: 'POST' }, {})) as {
    BhRestToken?: string;
    restUrl?: string;
  } | null;
  if (!body?.BhRestToken || !body.restUrl) throw new BullhornError('Bullhorn refused the REST login.', 401, true);
  return { restUrl: body.restUrl, restToken: body.BhRestToken };
}

const SEARCH_FIELDS = 'id,externalID,email,firstName,lastName,phone';

/** REST calls in one session; `onExpired` gives a new session when Bullhorn says the token lapsed. */
export function restClient(session: RestSession, options: { pacer: Pacer; retry?: RetryPolicy; signal?: AbortSignal; onExpired: () => Promise<RestSession> }) {
  let current = session;
  async function rest(method: string, path: string, query: Record<string, string>, body?: unknown): Promise<unknown> {
    for (let renewed = false; ; renewed = true) {
      try {
        return await call(
          withQuery(current.restUrl, path, query),
          {
            method,
            headers: { BhRestToken: current.restToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            body: body === undefined ? undefined : JSON.stringify(body),
          },
          options,
        );
      } catch (error) {
        if (!renewed && error instanceof BullhornError && error.status === 401) {
          current = await options.onExpired();
          continue;
        }
        throw error;
      }
    }
  }
  return {
    /** Candidates matching a Lucene query (non-deleted only), at most `count`. */
    async search(query: string, count = 200): Promise<FoundCandidate[]> {
      const body = (await rest('GET', 'search/Candidate', { query: `(${query}) AND isDeleted:0`, fields: SEARCH_FIELDS, count: String(count) })) as {
        data?: Array<Record<string, unknown>>;
      } | null;
      return (body?.data ?? []).map((row) => ({
        id: Number(row.id),
        externalID: (row.externalID as string | null) ?? null,
        email: (row.email as string | null) ?? null,
        firstName: (row.firstName as string | null) ?? null,
        lastName: (row.lastName as string | null) ?? null,
        phone: (row.phone as string | null) ?? null,
      }));
    },
    async create(fields: CandidateFields): Promise<number> {
      const body = (await rest('PUT', 'entity/Candidate', {}, fields)) as { changedEntityId?: number } | null;
      if (!body?.changedEntityId) throw new BullhornError('Bullhorn created no candidate.', 502);
      return Number(body.changedEntityId);
    },
    async update(id: number, fields: CandidateFields): Promise<void> {
      await rest('POST', `entity/Candidate/${id}`, {}, fields);
    },
  };
}
export type RestClient = ReturnType<typeof restClient>;

/** A Lucene phrase: quotes and backslashes escaped. */
export function lucenePhrase(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}
