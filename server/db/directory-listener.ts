import pg from 'pg';
import type { Logger } from '../lib/logger';

export const DIRECTORY_CHANNEL = 'directory_changed';

/** What a notification asks for: these ids re-read, or (null) everything reloaded. */
export type DirectoryChange = { ids?: number[] };

/** Parses a payload of migration 0003-security-2: '1,2,3', or '*' for everything. */
export function parseDirectoryPayload(payload: string | undefined): DirectoryChange {
  if (!payload || payload === '*') return {};
  const ids = payload
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  return ids.length ? { ids } : {};
}

/**
 * LISTENs on 'directory_changed' over a connection of its own (pooled connections cannot hold a
 * LISTEN) and hands each change to `onChange`: writes by another server process or a CLI reach
 * this process's directory index. When the connection drops, notifications sent meanwhile are
 * lost, so after reconnecting it asks for a full reload. Returns a stop function.
 */
export function startDirectoryListener(options: {
  connectionString: string;
  onChange(change: DirectoryChange): Promise<void> | void;
  logger: Logger;
  /** Wait before reconnecting after a drop (ms). */
  retryMs?: number;
}): { stop(): Promise<void>; ready: Promise<void> } {
  const { logger } = options;
  let client: pg.Client | null = null;
  let stopped = false;
  let everConnected = false;
  let retry: NodeJS.Timeout | undefined;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const deliver = (change: DirectoryChange) => {
    Promise.resolve(options.onChange(change)).catch((error) =>
      logger.error({ err: error }, 'directory listener: refresh failed'),
    );
  };

  const scheduleReconnect = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, options.retryMs ?? 1000);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.connectionString });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === DIRECTORY_CHANNEL) deliver(parseDirectoryPayload(message.payload));
    });
    const dropped = (error?: Error) => {
      if (client !== next) return;
      client = null;
      if (stopped) return;
      logger.warn({ err: error?.message }, 'directory listener: connection lost; reconnecting');
      next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', dropped);
    next.on('end', () => dropped());
    try {
      await next.connect();
      await next.query(`LISTEN ${DIRECTORY_CHANNEL}`);
    } catch (error) {
      dropped(error as Error);
      return;
    }
    if (everConnected) {
      // Changes made while disconnected were not heard: reload everything once.
      logger.info('directory listener: reconnected; reloading the directory index');
      deliver({});
    }
    everConnected = true;
    markReady();
  }

  void connect();
  return {
    ready,
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
