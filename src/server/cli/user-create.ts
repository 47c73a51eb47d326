/**
 * Create an account from the command line, typically the first super_admin:
 *
 *   npm run user:create -- --email admin@example.org --username admin --role super_admin
 *
 * The password is read from standard input: typed twice without echo on a terminal, or the
 * first line of piped input (`printf '%s\n' "$PW" | npm run user:create -- ...`). It is never
 * accepted as an argument (it would land in shell history and `ps`) and never printed.
 *
 * Exit codes: 0 created; 1 could not create (account exists, database in use, configuration);
 * 2 invalid arguments or password.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { acquireDataDirLock, DataDirLockedError } from '../../db/lock';
import { RegisterBody } from '../../shared/api/auth';
import { ROLES, type Role } from '../../shared/roles';
import { EnvError, loadDotEnv, parseEnv } from '../env';
import { AppError } from '../errors';

const USAGE = `Usage: npm run user:create -- --email <email> --username <name> [--role <role>]

  --email      e-mail address of the account
  --username   3–32 letters, numbers, dots, dashes or underscores
  --role       one of: ${ROLES.join(', ')} (default: free)

The password is read from standard input (prompted twice on a terminal, or the first line when piped).
The database is the one the server uses: DATABASE_URL, else the PGlite data in DATA_DIR (default ./data).`;

class UsageError extends Error {
  /** Show the usage text after the message (for argument mistakes, not for a mistyped password). */
  constructor(
    message: string,
    public readonly showUsage = true,
  ) {
    super(message);
  }
}

const Args = z.object({
  email: RegisterBody.shape.email,
  username: RegisterBody.shape.username,
  role: z.enum(ROLES, { message: `Role must be one of: ${ROLES.join(', ')}` }),
});
const Password = RegisterBody.shape.password;

function firstIssue(err: z.ZodError): string {
  const issue = err.issues[0];
  const field = issue?.path.join('.');
  return field ? `${field}: ${issue.message}` : (issue?.message ?? 'invalid input');
}

function parseCommandLine(argv: string[]): { email: string; username: string; role: Role } | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        username: { type: 'string' },
        role: { type: 'string', default: 'free' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (values.help) return 'help';
  if (!values.email) throw new UsageError('--email is required');
  if (!values.username) throw new UsageError('--username is required');
  const parsed = Args.safeParse(values);
  if (!parsed.success) throw new UsageError(firstIssue(parsed.error));
  return parsed.data;
}

/** Read one line from a terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    // Echo goes off before the prompt appears, so nothing typed after it is ever shown.
    stdin.setRawMode(true);
    process.stderr.write(question);
    let buf = '';
    const finish = (fn: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      fn();
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return finish(() => resolve(buf));
        if (ch === '\u0003') return finish(() => reject(new UsageError('Cancelled.', false)));
        if (ch === '\u007f' || ch === '\b') buf = buf.slice(0, -1);
        else if (ch >= ' ') buf += ch;
      }
    };
    stdin.setEncoding('utf8');
    stdin.resume();
    stdin.on('data', onData);
  });
}

/** The first line of piped standard input (without its line ending). */
function readFirstLine(): Promise<string> {
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: process.stdin, terminal: false });
    let done = false;
    rl.once('line', (line) => {
      done = true;
      rl.close();
      process.stdin.destroy();
      resolve(line);
    });
    rl.once('close', () => {
      if (!done) reject(new UsageError('No password on standard input: pipe it in as the first line, or run this in a terminal.', false));
    });
    rl.once('error', reject);
  });
}

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    const first = await promptHidden('Password: ');
    const check = Password.safeParse(first);
    if (!check.success) throw new UsageError(check.error.issues[0].message, false);
    const second = await promptHidden('Repeat the password: ');
    if (first !== second) throw new UsageError('The two passwords do not match.', false);
    return first;
  }
  return readFirstLine();
}

async function main(argv: string[]): Promise<number> {
  const args = parseCommandLine(argv);
  if (args === 'help') {
    console.log(USAGE);
    return 0;
  }
  loadDotEnv();
  const env = parseEnv();

  // Take the data directory before asking for the password, so a running server is reported at once.
  const release = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.DATA_DIR, 'user:create');
  try {
    const password = await readPassword();
    const check = Password.safeParse(password);
    if (!check.success) throw new UsageError(check.error.issues[0].message, false);

    // Loaded only now, so argument mistakes are reported without starting a database engine.
    const [{ openDatabase }, { createUser }] = await Promise.all([import('../../db/client'), import('../services/users')]);
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 1 });
    try {
      const user = await createUser(database.db, {
        email: args.email,
        username: args.username,
        password: check.data,
        role: args.role,
        // Whoever runs this has the server's keys; the address is theirs to vouch for.
        emailVerified: true,
      });
      console.log(`Created ${user.role} account ${user.username} ${user.email}`);
      return 0;
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof UsageError) {
      console.error(err.showUsage ? `${err.message}\n\n${USAGE}` : err.message);
      process.exit(2);
    }
    if (err instanceof DataDirLockedError || err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    if (err instanceof AppError) {
      console.error(err.message);
      process.exit(err.code === 'validation_failed' ? 2 : 1);
    }
    console.error('Could not create the account:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
