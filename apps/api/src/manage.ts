// Administration from the command line, against the same database the server
// uses (DATA_DIR or DATABASE_URL):
//   npm run manage -- create-user --email a@b.c --password Staff-pass-2024 --role staff
//   npm run manage -- set-password --email a@b.c --password New-staff-pass-2025
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROLES } from '@staff/contracts';
import { loadConfig } from './config';
import { BACKUP_USAGE, backupCommand } from './db/backup';
import { createDb, migrateToLatest } from './db/index';
import { ApiError } from './http/errors';
import { createRateLimiter } from './http/rate-limit';
import { createMediaStore } from './media/index';
import { createAccountsService, createTokenSigner, generatePassword } from './modules/accounts/index';
import { IMPORT_FOREX_USAGE, importForexCommand } from './modules/forex/index';

const USAGE = `Usage: npm run manage -- <command> [options]

Commands:
  create-user   --email E [--password P] [--role ${ROLES.join('|')}] [--first-name F] [--middle-name M] [--last-name L]
                Creates a user (role staff by default). Without --password, one is generated and printed.
  set-password  --email E [--password P]
                Sets a user's password and signs out their sessions. Without --password, one is generated.
${BACKUP_USAGE}${IMPORT_FOREX_USAGE}`;

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  if (command === 'import-forex') return importForexCommand(rest);
  if (command === 'backup') return backupCommand(loadConfig(), rest);
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string', default: 'staff' },
      'first-name': { type: 'string' },
      'middle-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
    strict: true,
  });
  if (!values.email) {
    process.stderr.write(`--email is required\n\n${USAGE}`);
    return 2;
  }

  const config = loadConfig();
  const db = createDb(config);
  try {
    await migrateToLatest(db);
    const accounts = createAccountsService({
      db,
      signer: createTokenSigner(config.jwtSecret, {
        access: config.accessTokenTtl,
        refresh: config.refreshTokenTtl,
      }),
      limiter: createRateLimiter(db, () => new Date(), false),
      now: () => new Date(),
      media: await createMediaStore(config, db),
      mediaDir: config.mediaDir,
      initialAdminPasswordFile: path.join(config.dataDir, 'initial-admin-password'),
    });
    const password = values.password ?? generatePassword();
    const shown = values.password ? '' : ` with password ${password}`;
    if (command === 'create-user') {
      const user = await accounts.createUser({
        email: values.email,
        password,
        role: values.role ?? 'staff',
        firstName: values['first-name'],
        lastName: values['last-name'],
      });
      if (values['middle-name']) await accounts.updateProfile(user, { middle_name: values['middle-name'] });
      process.stdout.write(`Created ${user.role} ${user.email} (id ${user.id})${shown}\n`);
    } else if (command === 'set-password') {
      await accounts.setPassword(values.email, password);
      process.stdout.write(`Password set for ${values.email}${shown}\n`);
    } else {
      process.stderr.write(`Unknown command: ${command}\n\n${USAGE}`);
      return 2;
    }
    return 0;
  } catch (err) {
    if (err instanceof ApiError) {
      process.stderr.write(`${Object.values(err.body).flat().join(' ')}\n`);
      return 1;
    }
    throw err;
  } finally {
    await db.destroy();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
