import { Hono } from 'hono';
import { gunzipSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, compressAnswers } from './compress';

const big = { rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Physician ${i}`, city: 'Springfield' })) };
const huge = { text: Array.from({ length: 40_000 }, (_, i) => `row ${i}`).join(' ') }; // > 256 KB

function app() {
  const a = new Hono();
  a.use('*', compressAnswers());
  a.get('/big', (c) => c.json(big));
  a.get('/huge', (c) => c.json(huge));
  a.get('/small', (c) => c.json({ ok: true }, 201));
  a.get('/problem', (c) => c.json({ error: 'x'.repeat(2000) }, 400, { 'content-type': 'application/problem+json' }));
  a.get('/no-transform', (c) => c.text('n'.repeat(5000), 200, { 'cache-control': 'no-transform' }));
  a.get('/headed', (c) => {
    c.header('X-Test', 'kept');
    c.status(202);
    return c.json(big);
  });
  a.get('/json-body', (c) => c.body(JSON.stringify(big), 200, { 'content-type': 'application/json' }));
  a.get('/text', (c) => c.text('t'.repeat(5000)));
  a.get('/csv', () => new Response(Buffer.from('npi,name\n'.repeat(300)), { headers: { 'content-type': 'text/csv', 'content-length': '2700' } }));
  a.get('/tiny-csv', () => new Response('npi\n', { headers: { 'content-type': 'text/csv', 'content-length': '4' } }));
  a.get('/stream', () => {
    const chunks = ['s'.repeat(3000), 'e'.repeat(3000)];
    const body = new ReadableStream<Uint8Array>({ pull: (controller) => (chunks.length ? controller.enqueue(new TextEncoder().encode(chunks.shift())) : controller.close()) });
    return new Response(body, { headers: { 'content-type': 'text/plain' } });
  });
  a.get('/thrown', () => {
    throw new Error('boom');
  });
  a.onError((_error, c) => c.json({ error: 'e'.repeat(3000) }, 500));
  return a;
}

describe('acceptedEncoding', () => {
  it('prefers gzip, honours q values and the wildcard, and refuses what q=0 refuses', () => {
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('gzip');
    expect(acceptedEncoding('deflate')).toBe('deflate');
    expect(acceptedEncoding('gzip;q=0, deflate')).toBe('deflate');
    expect(acceptedEncoding('gzip;q=0.2, deflate;q=0.8')).toBe('deflate');
    expect(acceptedEncoding('br')).toBeNull();
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding('*, gzip;q=0')).toBe('deflate');
    expect(acceptedEncoding('identity')).toBeNull();
  });
});

describe('compressAnswers', () => {
  it('gzips a JSON answer of 1 KB or more for a client that accepts it, with its status and Vary', async () => {
    const res = await app().request('/big', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBeLessThan(JSON.stringify(big).length / 3);
    expect(JSON.parse(gunzipSync(bytes).toString())).toEqual(big);
  });

  it("keeps what the route set before c.json (headers, status), and compresses JSON made without c.json too", async () => {
    const headed = await app().request('/headed', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(headed.status).toBe(202);
    expect(headed.headers.get('x-test')).toBe('kept');
    expect(headed.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await headed.arrayBuffer())).toString())).toEqual(big);
    const made = await app().request('/json-body', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(made.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await made.arrayBuffer())).toString())).toEqual(big);
  });

  it('deflates for a client that only accepts deflate, and compresses above 256 KB off the event loop', async () => {
    const res = await app().request('/big', { headers: { 'Accept-Encoding': 'deflate' } });
    expect(res.headers.get('content-encoding')).toBe('deflate');
    expect(JSON.parse(inflateSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(big);
    const large = await app().request('/huge', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(large.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await large.arrayBuffer())).toString())).toEqual(huge);
  });

  it('sends small answers, HEAD, streams marked no-transform and clients without Accept-Encoding as they are', async () => {
    const small = await app().request('/small', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(small.status).toBe(201);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('vary')).toBe('Accept-Encoding');
    expect(await small.json()).toEqual({ ok: true });
    const plain = await app().request('/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(big);
    const keep = await app().request('/no-transform', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(keep.headers.get('content-encoding')).toBeNull();
    expect(await keep.text()).toBe('n'.repeat(5000));
    const head = await app().request('/big', { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } });
    expect(head.headers.get('content-encoding')).toBeNull();
  });

  it('compresses a file made in memory (a CSV export) by its Content-Length, and a stream as it is sent', async () => {
    const csv = await app().request('/csv', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(csv.headers.get('content-encoding')).toBe('gzip');
    expect(csv.headers.get('content-length')).toBeNull();
    expect(gunzipSync(Buffer.from(await csv.arrayBuffer())).toString()).toBe('npi,name\n'.repeat(300));
    const tiny = await app().request('/tiny-csv', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('npi\n');
    const stream = await app().request('/stream', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(stream.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await stream.arrayBuffer())).toString()).toBe('s'.repeat(3000) + 'e'.repeat(3000));
  });

  it('compresses error answers (problem JSON, thrown errors) and text answers', async () => {
    const problem = await app().request('/problem', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(problem.status).toBe(400);
    expect(problem.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await problem.arrayBuffer())).toString()).error).toHaveLength(2000);
    const thrown = await app().request('/thrown', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(thrown.status).toBe(500);
    expect(thrown.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await thrown.arrayBuffer())).toString()).error).toHaveLength(3000);
    const text = await app().request('/text', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(text.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await text.arrayBuffer())).toString()).toBe('t'.repeat(5000));
  });
});
