import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A local SMTP server for the tests (lib/mailer.test.ts, test/process/multi-instance.test.ts).
type Received = { from: string; to: string[]; raw: string };

/** Undoes quoted-printable (nodemailer may wrap long lines and escape '=' as =3D). */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A local SMTP server that keeps what it receives; `rejects`: mailboxes it refuses for good (550). */
export async function startSmtpServer(options: { rejects?: string[] } = {}) {
  const received: Received[] = [];
  const rejects = new Set((options.rejects ?? []).map((a) => a.toLowerCase()));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // No reverse DNS of 127.0.0.1 per connection (it cost each message about 100 ms).
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      if (!rejects.has(address.address.toLowerCase())) return callback();
      const error = Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

