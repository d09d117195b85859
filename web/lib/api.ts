import type { z } from 'zod';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@contract/csrf';
import type { ErrorCode } from '@contract/errors';
import { dropBootAnswers } from './boot-data';

type PaidTier = 'basic' | 'premium';

/** The one client-side error type: every failed call (HTTP, network, bad payload) becomes one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never reached the server. */
  readonly status: number;
  readonly code: ErrorCode;
  /** Field name -> reason, for validation errors. */
  readonly fields: Record<string, string> | undefined;
  /** For subscription_required: the tier that would allow the call. */
  readonly requiredTier: PaidTier | undefined;
  /** For rate_limited: how long until the call is allowed again (the Retry-After header). */
  readonly retryAfterMs: number | undefined;

  constructor(input: {
    status: number;
    code: ErrorCode;
    message: string;
    fields?: Record<string, string>;
    requiredTier?: PaidTier;
    retryAfterMs?: number;
  }) {
    super(input.message);
    this.status = input.status;
    this.code = input.code;
    this.fields = input.fields;
    this.requiredTier = input.requiredTier;
    this.retryAfterMs = input.retryAfterMs;
  }

  /** 4xx: the request itself is wrong (or not allowed); repeating it will not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiFetchOptions<T> = {
  method?: HttpMethod;
  /** Sent as JSON (FormData and Blob are sent as they are). */
  body?: unknown;
  /**
   * When given, the response body is parsed with it (a mismatch is an ApiError). Or a function
   * that loads it: the first script of the app stays free of zod, whose module then loads
   * while the request is in flight (session.tsx, ADR 021).
   */
  schema?: z.ZodType<T> | (() => Promise<z.ZodType<T>>);
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Called with the answer's headers when it succeeds (e.g. the search's typing token). */
  onHeaders?: (headers: Headers) => void;
};

/**
 * Dispatched on `window` when a call answers 401 outside sign-in itself: the session the page
 * thought it had is gone (expired, or ended elsewhere). The layout sends the user to log in and
 * back (session.tsx, useSessionEndedRedirect).
 */
export const SESSION_ENDED_EVENT = 'physiciandirect:session-ended';

function noteSessionEnded(path: string, status: number) {
  // The sign-in calls answer 401 for a wrong password: that says nothing about a session.
  if (status !== 401 || path.startsWith('/api/auth/') || typeof window === 'undefined') return;
  window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
}

const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';
const BAD_RESPONSE_MESSAGE = 'The server sent an unexpected response. Please try again.';

/** Used when an error body is not ours (a proxy page, an empty 502...). */
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 422:
      return 'validation_failed';
    case 429:
      return 'rate_limited';
    case 502:
    case 503:
    case 504:
      return 'service_unavailable';
    default:
      return 'internal';
  }
}

function defaultMessageForStatus(status: number): string {
  switch (codeForStatus(status)) {
    case 'unauthenticated':
      return 'Please sign in to continue.';
    case 'forbidden':
      return 'You are not allowed to do this.';
    case 'not_found':
      return 'Not found.';
    case 'rate_limited':
      return 'Too many requests. Please wait a moment and try again.';
    case 'payload_too_large':
      return 'The request is too large.';
    default:
      return status >= 500 ? 'Something went wrong on our side. Please try again.' : 'The request failed.';
  }
}

async function readJson(response: Response): Promise<unknown> {
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** Retry-After in seconds (the only form our API sends), as milliseconds. */
function retryAfterMsOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after') ?? NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

async function errorFromResponse(response: Response, body: unknown): Promise<ApiError> {
  // Loaded on the first failure only: it is a zod schema, and zod is not in the first script.
  const { ErrorResponse } = await import('@contract/errors');
  const parsed = ErrorResponse.safeParse(body);
  const retryAfterMs = response.status === 429 ? retryAfterMsOf(response) : undefined;
  if (parsed.success) {
    const { code, message, fields, requiredTier, requestId } = parsed.data.error;
    // A server failure names its request, so the user can quote it to support.
    const shown = requestId ? `${message} (reference ${requestId})` : message;
    return new ApiError({ status: response.status, code, message: shown, fields, requiredTier, retryAfterMs });
  }
  return new ApiError({
    status: response.status,
    code: codeForStatus(response.status),
    message: defaultMessageForStatus(response.status),
    retryAfterMs,
  });
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) return body;
  headers.set('content-type', 'application/json');
  return JSON.stringify(body);
}

/**
 * JSON call to our API. Same-origin cookies carry the session; every state-changing call
 * carries the CSRF header the server requires. Throws ApiError on any failure.
 */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ accept: 'application/json', ...options.headers });
  if (method !== 'GET') headers.set(CSRF_HEADER, CSRF_HEADER_VALUE);
  const body = encodeBody(options.body, headers);
  const schema = typeof options.schema === 'function' ? options.schema() : options.schema;
  // A failed request never awaits the schema: its failure to load must not go unhandled.
  if (schema instanceof Promise) schema.catch(() => undefined);

  // A call that changes anything makes the answers embedded in the page's HTML stale (boot-data.ts).
  if (method !== 'GET') dropBootAnswers();

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    // Let callers (and TanStack Query) see a cancellation as a cancellation.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: 'internal', message: NETWORK_ERROR_MESSAGE });
  }

  if (response.status === 204) return undefined as T;
  const json = await readJson(response);
  if (!response.ok) {
    noteSessionEnded(path, response.status);
    throw await errorFromResponse(response, json);
  }

  options.onHeaders?.(response.headers);
  if (json === undefined) {
    // A 200 that is not JSON: an HTML fallback page or a proxy in the way, not our API.
    throw new ApiError({ status: response.status, code: 'internal', message: BAD_RESPONSE_MESSAGE });
  }
  if (!schema) return json as T;
  const parsed = (await schema).safeParse(json);
  if (!parsed.success) {
    throw new ApiError({ status: response.status, code: 'internal', message: BAD_RESPONSE_MESSAGE });
  }
  return parsed.data;
}

/** A file the API answered with (export downloads). */
export type DownloadedFile = { blob: Blob; fileName: string; headers: Headers };

/**
 * A call whose success is a file rather than JSON (exports): the same CSRF header, cookies and
 * error parsing as apiFetch; the file name comes from Content-Disposition, else `fallbackName`.
 */
export async function apiDownload(
  path: string,
  options: { method?: HttpMethod; body?: unknown; fallbackName: string },
): Promise<DownloadedFile> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ accept: '*/*' });
  if (method !== 'GET') headers.set(CSRF_HEADER, CSRF_HEADER_VALUE);
  const body = encodeBody(options.body, headers);
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, credentials: 'same-origin' });
  } catch {
    throw new ApiError({ status: 0, code: 'internal', message: NETWORK_ERROR_MESSAGE });
  }
  if (!response.ok) {
    noteSessionEnded(path, response.status);
    throw await errorFromResponse(response, await readJson(response));
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? options.fallbackName;
  return { blob: await response.blob(), fileName, headers: response.headers };
}

/** Hands a file to the browser's own download (an object URL clicked through a hidden link). */
export function saveFile(file: { blob: Blob; fileName: string }) {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled; revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
