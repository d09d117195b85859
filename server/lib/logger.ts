import pino from 'pino';
import { currentRequestId } from './request-context';

export type Logger = pino.Logger;

/** `destination`: where the JSON lines go (tests read them); default standard output. */
export function createLogger(level: string, pretty = process.stdout.isTTY, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: ['req.headers.cookie', 'password', '*.password'],
    // Every line written while serving a request names it, so a user's complaint (the id on a 5xx
    // page, or the X-Request-Id header) finds its lines.
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    ...(pretty && !destination ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss' } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
