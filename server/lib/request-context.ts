import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What every log line written while serving a request names (the logger's mixin reads it). */
type RequestContext = { requestId: string };

const storage = new AsyncLocalStorage<RequestContext>();

/** A caller's id is kept when it is plain and short enough to log and echo safely. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request id to use: the caller's `X-Request-Id` when well formed, else a new UUID. */
export function requestIdFor(header: string | undefined): string {
  return header && WELL_FORMED.test(header) ? header : randomUUID();
}

/** Runs `work` with `requestId` as the current request's id (for log lines and 5xx bodies). */
export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

/** The id of the request being served, or undefined outside one (start-up, background jobs). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
