// Grants or revokes the admin role:  npm run admin -- grant EMAIL  |  npm run admin -- revoke EMAIL
// Opens the same database as the server (DATABASE_URL, else the embedded one in DATA_DIR).
import { ConfigError, loadEnv } from '../server/lib/env';
import { openCliDatabase } from './cli-database';
import { setRoleByEmail } from '../server/features/auth/service';

const USAGE = 'Usage: npm run admin -- grant EMAIL\n       npm run admin -- revoke EMAIL';

async function main(args: string[]): Promise<number> {
  const [command, email, ...rest] = args;
  if ((command !== 'grant' && command !== 'revoke') || !email || rest.length) {
    console.error(USAGE);
    return 2;
  }
  const env = loadEnv();
  const database = await openCliDatabase(env, 'Stop the server first, then run this command again.');
  if (!database) return 1;
  try {
    const role = command === 'grant' ? 'admin' : 'user';
    const user = await setRoleByEmail({ db: database.db }, email, role);
    if (!user) {
      console.error(`No account with the email ${email}. The person must sign up first.`);
      return 1;
    }
    console.log(
      command === 'grant'
        ? `${user.email} is now an admin.`
        : `${user.email} is no longer an admin (role: user).` +
            (env.ADMIN_EMAILS.includes(user.email.toLowerCase())
              ? ' Note: the address is in ADMIN_EMAILS, so the server makes it admin again at its next start.'
              : ''),
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(
      error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error,
    );
    process.exit(1);
  },
);
