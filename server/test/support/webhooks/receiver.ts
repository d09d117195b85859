import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A real HTTP receiver on 127.0.0.1 for webhook tests: records every request and answers with the
 * next status of `statuses` (the last one repeats).
 */

export type ReceivedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string };

export async function startReceiver(statuses: number[] = [200]) {
  const requests: ReceivedRequest[] = [];
  let answers = [...statuses];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers.length > 1 ? answers.shift()! : answers[0];
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    requests,
    /** Answers from now on. */
    answer(next: number[]) {
      answers = [...next];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
