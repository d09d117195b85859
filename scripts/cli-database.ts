// The database of a command-line tool: the server's own (DATABASE_URL, else the embedded one in
// DATA_DIR), or null after telling the user why it cannot be opened now.
import { openDatabase } from '../server/db/open';
import type { Env } from '../server/lib/env';
import { createLogger } from '../server/lib/logger';

/**
 * Opens the database for a CLI. Embedded PGlite admits one process per DATA_DIR: while the server
 * holds it, prints that with `whatToDo` (what the user should do instead) and returns null.
 */
export async function openCliDatabase(env: Env, whatToDo: string) {
  try {
    return await openDatabase(env, createLogger('warn', false));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!env.DATABASE_URL && /in use/i.test(message)) {
      console.error(
        `The embedded database in DATA_DIR (${env.DATA_DIR}) is in use by the running server. ${whatToDo}\n(${message})`,
      );
      return null;
    }
    throw error;
  }
}
