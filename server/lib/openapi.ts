import { ErrorResponse } from '../../contract/errors';

/**
 * `content` of an OpenAPI request or response whose body is JSON of `schema`, with an example for
 * the API reference (/api/docs) when given.
 */
export const json = <T>(schema: T, example?: unknown) => ({
  content: { 'application/json': example === undefined ? { schema } : { schema, example } },
});

/** A required JSON request body. */
export const jsonBody = <T>(schema: T, example?: unknown) => ({ body: { required: true, ...json(schema, example) } });

/** An error response: the one ErrorResponse shape, with a description. */
export const errorResponse = (description: string) => ({ description, ...json(ErrorResponse) });

/** 403 of every state-changing call sent without the CSRF header (app.ts refuses it before the route). */
export const csrfRefused = { 403: errorResponse('Missing x-requested-with: fetch header (cross-site request refused)') };

/**
 * For a read that refuses nothing of its own (no input, anyone may call it): the shape a 4xx would
 * have anyway (a proxy, a future rule), so clients handle every call's errors one way.
 */
export const anyClientError = {
  '4XX': errorResponse('Refused: the ErrorResponse code says why (this call has no refusal of its own)'),
};

/** Name of the OpenAPI security scheme of the session cookie (registered in app.ts). */
export const SESSION_SECURITY_SCHEME = 'sessionCookie';

/**
 * `security` of an operation. Every route declares one: `signedIn` for calls that need a
 * session (401 without), `publicAccess` for calls anyone may make (a session, when present,
 * may still change the answer, e.g. the free cap of search).
 */
export const signedIn = [{ [SESSION_SECURITY_SCHEME]: [] as string[] }];
export const publicAccess: Array<Record<string, string[]>> = [];

/** Name of the OpenAPI security scheme of API keys (`Authorization: Bearer <key>`, ADR 022). */
export const API_KEY_SECURITY_SCHEME = 'bearerAuth';

/**
 * The operations of the public REST API (search, profile, lists, contacts, exports) also accept an
 * API key: app.ts resolves the key's user for exactly the operations whose `security` names
 * bearerAuth, and refuses a key everywhere else (401).
 * `signedInOrApiKey`: a session or a key (401 with neither).
 * `publicOrApiKey`: anyone; a session (as on every public call) or a key may change the answer (e.g. the free cap of search).
 */
export const signedInOrApiKey: Array<Record<string, string[]>> = [
  { [SESSION_SECURITY_SCHEME]: [] as string[] },
  { [API_KEY_SECURITY_SCHEME]: [] as string[] },
];
export const publicOrApiKey: Array<Record<string, string[]>> = [{}, { [API_KEY_SECURITY_SCHEME]: [] as string[] }];
