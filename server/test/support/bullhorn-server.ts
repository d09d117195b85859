import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

/*
 * A local Bullhorn for tests and the bench, answering the documented calls the integration makes
 * (bullhorn/rest-api-docs): loginInfo on the general address answers 307 to the data centre's own;
 * /oauth/authorize signs the user in at once and sends the browser back with a code; /oauth/token
 * exchanges the code or a refresh token (each refresh retires the old refresh token, as Bullhorn
 * does); /rest-services/login gives a BhRestToken; search/Candidate reads a Lucene subset (field:value,
 * field:"phrase", field:(a OR b), AND, OR, parentheses); PUT entity/Candidate creates; POST
 * entity/Candidate/{id} updates. `failNext` makes the next REST calls answer 429 or 500.
 */

export type Candidate = Record<string, unknown> & { id: number; isDeleted?: boolean };

type Node = { kind: 'and' | 'or'; items: Node[] } | { kind: 'term'; field: string; values: string[] };

/** Parses the Lucene subset the integration writes. */
export function parseLucene(input: string): Node {
  const tokens = input.match(/[^\s()"]+:"(?:[^"\\]|\\.)*"|\(|\)|"(?:[^"\\]|\\.)*"|[^\s()]+/g) ?? [];
  let at = 0;
  const unquote = (t: string) => (t.startsWith('"') ? t.slice(1, -1).replace(/\\(.)/g, '$1') : t);
  function expression(): Node {
    const ors: Node[] = [conjunction()];
    while (tokens[at] === 'OR') {
      at++;
      ors.push(conjunction());
    }
    return ors.length === 1 ? ors[0] : { kind: 'or', items: ors };
  }
  function conjunction(): Node {
    const ands: Node[] = [primary()];
    while (tokens[at] === 'AND') {
      at++;
      ands.push(primary());
    }
    return ands.length === 1 ? ands[0] : { kind: 'and', items: ands };
  }
  function primary(): Node {
    const token = tokens[at++];
    if (token === '(') {
      const inner = expression();
      at++; // ')'
      return inner;
    }
    const colon = token.indexOf(':');
    const field = token.slice(0, colon);
    const rest = token.slice(colon + 1);
    if (rest === '' && tokens[at] === '(') {
      at++;
      const values: string[] = [];
      while (tokens[at] !== ')') {
        const t = tokens[at++];
        if (t !== 'OR') values.push(unquote(t));
      }
      at++;
      return { kind: 'term', field, values };
    }
    if (rest === '') return { kind: 'term', field, values: [unquote(tokens[at++])] };
    return { kind: 'term', field, values: [unquote(rest)] };
  }
  return expression();
}

function matches(node: Node, candidate: Candidate): boolean {
  if (node.kind !== 'term') return node.kind === 'and' ? node.items.every((item) => matches(item, candidate)) : node.items.some((item) => matches(item, candidate));
  const value = node.field === 'isDeleted' ? (candidate.isDeleted ? '1' : '0') : candidate[node.field];
  if (value === undefined || value === null) return false;
  return node.values.some((wanted) => String(value).toLowerCase() === wanted.toLowerCase());
}

export type BullhornServer = {
  url: string;
  /** The general loginInfo address (BULLHORN_LOGIN_INFO_URL). */
  loginInfoUrl: string;
  clientId: string;
  clientSecret: string;
  candidates: Map<number, Candidate>;
  /** Every request's method and path (with the query), in order. */
  requests: Array<{ method: string; path: string; at: number }>;
  /** The next REST (entity/search) calls answer these statuses first. */
  failNext(...statuses: number[]): void;
  /** Access tokens issued from now on live this many seconds. */
  setAccessTokenSeconds(seconds: number): void;
  /** Every REST session ends (as after Bullhorn's idle timeout): the next call answers 401. */
  expireRestSessions(): void;
  /** Every access token lapses now. */
  expireAccessTokens(): void;
  /** Refresh tokens Bullhorn considers good now (the latest only, per grant). */
  liveRefreshTokens: Set<string>;
  close(): Promise<void>;
};

export async function startBullhornServer(options: { clientId?: string; clientSecret?: string } = {}): Promise<BullhornServer> {
  const clientId = options.clientId ?? 'test-client';
  const clientSecret = options.clientSecret ?? 'test-secret';
  const candidates = new Map<number, Candidate>();
  const requests: BullhornServer['requests'] = [];
  const failures: number[] = [];
  const codes = new Map<string, string>(); // code -> redirect_uri
  const accessTokens = new Map<string, number>(); // token -> expires (ms)
  const liveRefreshTokens = new Set<string>();
  const restTokens = new Set<string>();
  let accessSeconds = 600;
  let nextId = 1000;
  let base = '';

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
  };
  const issueTokens = () => {
    const access = `at-${randomUUID()}`;
    const refresh = `rt-${randomUUID()}`;
    accessTokens.set(access, Date.now() + accessSeconds * 1000);
    liveRefreshTokens.add(refresh);
    return { access_token: access, token_type: 'Bearer', expires_in: accessSeconds, refresh_token: refresh };
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, at: performance.now() });
      const q = url.searchParams;
      if (url.pathname === '/rest-services/loginInfo') {
        return send(res, 307, {}, { location: `${base}/dc2/rest-services/loginInfo?${q.toString()}` });
      }
      if (url.pathname === '/dc2/rest-services/loginInfo') {
        if (!q.get('username')) return send(res, 400, { errorMessage: 'username required' });
        return send(res, 200, { oauthUrl: `${base}/oauth`, restUrl: `${base}/rest-services/`, atsUrl: base, dataCenterId: 2 });
      }
      if (url.pathname === '/oauth/authorize') {
        if (q.get('client_id') !== clientId || q.get('response_type') !== 'code') return send(res, 400, { error: 'invalid_client' });
        const code = `code-${randomUUID()}`;
        const redirect = new URL(q.get('redirect_uri') ?? '');
        codes.set(code, redirect.toString());
        redirect.searchParams.set('code', code);
        if (q.get('state')) redirect.searchParams.set('state', q.get('state')!);
        res.writeHead(302, { location: redirect.toString() });
        return res.end();
      }
      if (url.pathname === '/oauth/token' && req.method === 'POST') {
        if (q.get('client_id') !== clientId || q.get('client_secret') !== clientSecret) return send(res, 401, { error: 'invalid_client' });
        if (q.get('grant_type') === 'authorization_code') {
          const code = q.get('code') ?? '';
          if (!codes.has(code) || codes.get(code) !== q.get('redirect_uri')) return send(res, 400, { error: 'invalid_grant', error_description: 'Invalid, expired, or revoked authorization code.' });
          codes.delete(code);
          return send(res, 200, issueTokens());
        }
        if (q.get('grant_type') === 'refresh_token') {
          const refresh = q.get('refresh_token') ?? '';
          if (!liveRefreshTokens.delete(refresh)) return send(res, 400, { error: 'invalid_grant', error_description: 'Invalid, expired, or revoked refresh token.' });
          return send(res, 200, issueTokens());
        }
        return send(res, 400, { error: 'unsupported_grant_type' });
      }
      if (url.pathname === '/rest-services/login' && req.method === 'POST') {
        const expires = accessTokens.get(q.get('access_token') ?? '');
        if (!expires || expires < Date.now()) return send(res, 401, { errorMessage: 'Invalid or expired OAuth access token.' });
        const token = randomUUID();
        restTokens.add(token);
        return send(res, 200, { BhRestToken: token, restUrl: `${base}/rest-services/corp1/` });
      }
      if (url.pathname.startsWith('/rest-services/corp1/')) {
        if (!restTokens.has(String(req.headers.bhresttoken ?? q.get('BhRestToken') ?? ''))) {
          return send(res, 401, { errorMessage: 'BhRestToken is invalid or has expired' });
        }
        const failure = failures.shift();
        if (failure === 429) return send(res, 429, { errorMessage: 'Too many requests' }, { 'retry-after': '0' });
        if (failure) return send(res, failure, { errorMessage: 'Internal error' });
        const path = url.pathname.slice('/rest-services/corp1/'.length);
        if (path === 'search/Candidate' && req.method === 'GET') {
          const node = parseLucene(q.get('query') ?? '');
          const fields = (q.get('fields') ?? 'id').split(',');
          const count = Number(q.get('count') ?? 20);
          const found = [...candidates.values()].filter((c) => matches(node, c)).slice(0, count);
          return send(res, 200, {
            total: found.length,
            start: 0,
            count: found.length,
            data: found.map((c) => Object.fromEntries(fields.map((f) => [f, c[f] ?? null]))),
          });
        }
        if (path === 'entity/Candidate' && req.method === 'PUT') {
          const body = await readBody(req);
          const id = nextId++;
          candidates.set(id, { ...body, id });
          return send(res, 200, { changedEntityType: 'Candidate', changedEntityId: id, changeType: 'INSERT', data: body });
        }
        const update = /^entity\/Candidate\/(\d+)$/.exec(path);
        if (update && req.method === 'POST') {
          const id = Number(update[1]);
          const existing = candidates.get(id);
          if (!existing) return send(res, 404, { errorMessage: `Candidate ${id} not found` });
          const body = await readBody(req);
          candidates.set(id, { ...existing, ...body, id });
          return send(res, 200, { changedEntityType: 'Candidate', changedEntityId: id, changeType: 'UPDATE', data: body });
        }
      }
      send(res, 404, { errorMessage: `no route ${req.method} ${url.pathname}` });
    })().catch((error: Error) => send(res, 500, { errorMessage: error.message }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    loginInfoUrl: `${base}/rest-services`,
    clientId,
    clientSecret,
    candidates,
    requests,
    liveRefreshTokens,
    failNext: (...statuses) => failures.push(...statuses),
    expireRestSessions: () => restTokens.clear(),
    expireAccessTokens: () => accessTokens.clear(),
    setAccessTokenSeconds: (seconds) => (accessSeconds = seconds),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
