import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string, pretty = process.stdout.isTTY): Logger {
  return pino({
    level,
    redact: ['req.headers.cookie', 'password', '*.password'],
    ...(pretty ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss' } } } : {}),
  });
}
