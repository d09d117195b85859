import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { promisify } from 'node:util';
import { deflate, deflateSync, gzip, gzipSync } from 'node:zlib';

/** Smaller answers are sent as they are: compressing them saves less than their headers weigh. */
export const COMPRESS_THRESHOLD = 1024;
/** An answer up to this size is compressed in one call on the event loop (a search page: ~0.07 ms). */
const COMPRESS_ON_LOOP_MAX = 256 * 1024;
/**
 * zlib's level 1: a search page (18 KB of JSON) in 0.067 ms and 3.8 KB, where the default level 6
 * takes 0.148 ms for 3.3 KB (measured on this project's 2-core machine, ADR 046).
 */
const LEVEL = 1;
const JSON_TYPE = /^\s*application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const gzipAsync = promisify(gzip);
const deflateAsync = promisify(deflate);

/** 'gzip' (preferred) or 'deflate' when the client accepts it (q > 0, `*` counted), else null. */
export function acceptedEncoding(header: string | undefined): 'gzip' | 'deflate' | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    q.set(name.trim(), weight === undefined ? 1 : Number(weight));
  }
  const of = (encoding: string) => q.get(encoding) ?? q.get('*') ?? 0;
  const gzipQ = of('gzip');
  const deflateQ = of('deflate');
  if (gzipQ > 0 && gzipQ >= deflateQ) return 'gzip';
  return deflateQ > 0 ? 'deflate' : null;
}

function compressedOnLoop(body: string | Uint8Array, encoding: 'gzip' | 'deflate') {
  return encoding === 'gzip' ? gzipSync(body, { level: LEVEL }) : deflateSync(body, { level: LEVEL });
}

/** One zlib call: on the event loop up to COMPRESS_ON_LOOP_MAX, on libuv's thread pool above. */
async function compressed(bytes: Uint8Array, encoding: 'gzip' | 'deflate') {
  if (bytes.byteLength <= COMPRESS_ON_LOOP_MAX) return compressedOnLoop(bytes, encoding);
  return encoding === 'gzip' ? gzipAsync(bytes, { level: LEVEL }) : deflateAsync(bytes, { level: LEVEL });
}

/**
 * Compression of the server's answers for clients that accept it (ADR 046), with `Vary:
 * Accept-Encoding` on every answer.
 * - **Answers made in memory**: JSON (every API answer) and any other compressible answer whose
 *   Content-Length says it is 256 KB or less (a CSV export). One of 1 KB or more is compressed in
 *   one call to zlib, on the event loop up to 256 KB (a search page costs about 0.07 ms) and on
 *   libuv's thread pool above. A CompressionStream, as hono's compress() uses, cost a search page
 *   0.55 ms of the server's CPU: more than the whole search without it. A JSON answer made with
 *   `c.json` is compressed as it is made, from its text; any other is read back from the answer.
 * - **Streams and larger files** go through hono's compress(), compressed as they are sent.
 * `Vary` is set before the answer is made, so it is one of the answer's own headers: set on a
 * finished answer it makes Hono copy that answer into a second Response object. Reading an answer
 * back has the same cost (about 3 % of the server's CPU), hence `c.json` compressing as it makes.
 * `Cache-Control: no-transform` binds proxies, not this server: only hono's compress() honours it.
 */
export function compressAnswers(): MiddlewareHandler {
  const streaming = compress();
  const answered = async () => {};
  return async (c, next) => {
    c.header('Vary', 'Accept-Encoding');
    const encoding = c.req.method === 'HEAD' ? null : acceptedEncoding(c.req.header('accept-encoding'));
    if (!encoding) return next();
    // The answer c.json made last, when it needs nothing more (sent as it is, or compressed).
    let finished: Response | undefined;
    const body = c.body as unknown as (data: string | Uint8Array | null, arg?: number | ResponseInit, headers?: Record<string, string>) => Response;
    c.json = ((object: unknown, arg?: number | ResponseInit, headers?: Record<string, string>) => {
      const text = JSON.stringify(object) as string | undefined;
      const typed = { 'Content-Type': 'application/json', ...headers };
      // Larger text is compressed off the event loop, below, when the answer is read back.
      if (text !== undefined && text.length > COMPRESS_ON_LOOP_MAX) return body(text, arg, typed);
      finished =
        text === undefined || text.length < COMPRESS_THRESHOLD
          ? body(text ?? null, arg, typed)
          : body(compressedOnLoop(text, encoding), arg, { ...typed, 'Content-Encoding': encoding });
      return finished;
    }) as typeof c.json;
    await next();
    const res = c.res;
    if (res === finished) return;
    const type = res.headers.get('content-type');
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) || res.status === 206 || res.status === 204 || res.headers.has('content-encoding')) {
      return;
    }
    const declared = res.headers.get('content-length');
    const length = declared === null ? null : Number(declared);
    if (length !== null && length < COMPRESS_THRESHOLD) return;
    // hono's compress() run on the answer already made (its `next` has nothing left to do).
    if (!JSON_TYPE.test(type) && !(length !== null && length <= COMPRESS_ON_LOOP_MAX)) return streaming(c, answered);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    let sent: Uint8Array<ArrayBuffer> = bytes;
    if (bytes.byteLength >= COMPRESS_THRESHOLD) {
      sent = await compressed(bytes, encoding);
      headers.set('content-encoding', encoding);
    }
    // The read answer is replaced as a whole (its headers copied above), not merged into.
    c.res = undefined;
    c.res = new Response(sent, { status: res.status, headers });
  };
}
