import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { createAppOn, createTestDatabase, get, json, login, uniqueUser } from '../helpers/app';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const cli = join(root, 'src', 'server', 'cli', 'user-create.ts');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Run the CLI as its own process, as an operator would. Its working directory is a scratch
 * directory, so a developer's .env in the repository cannot redirect it to a real database.
 */
function runCli(args: string[], opts: { stdin?: string; env?: Record<string, string> } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [cli, ...args], {
      cwd: scratch,
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', TEST_DATABASE_URL: '', ...opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.on('error', () => {}); // the CLI may exit before reading (e.g. bad arguments)
    child.stdin.end(opts.stdin ?? '');
  });
}

let scratch: string;
const dirs: string[] = [];
const holders: ChildProcess[] = [];
function dataDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'vt-cli-data-'));
  dirs.push(d);
  return d;
}
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'vt-cli-cwd-'));
});
afterEach(() => {
  for (const h of holders.splice(0)) if (h.exitCode === null && h.signalCode === null) h.kill('SIGKILL');
});
afterAll(() => {
  for (const d of [scratch, ...dirs]) rmSync(d, { recursive: true, force: true });
});

/** Open a PGlite data directory after the CLI has exited and build the app on it. */
async function appOnDataDir(dir: string) {
  const database = await openDatabase({ dataDir: dir });
  const { app, ctx } = await createAppOn(database);
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

describe('npm run user:create', { timeout: 120_000 }, () => {
  it('creates accounts from a piped password that can then log in with their role; refuses duplicates', async () => {
    const dir = dataDir();
    const env = { DATA_DIR: dir };
    const u = uniqueUser('cliadmin');
    const password = 'cli-secret-password 42';
    const run = await runCli(['--email', u.email.toUpperCase(), '--username', u.username, '--role', 'super_admin'], {
      stdin: `${password}\nsecond line is ignored\n`,
      env,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(`Created super_admin account ${u.username} ${u.email}`);
    expect(run.stdout + run.stderr).not.toContain(password);
    // The lock was released on exit.
    expect(existsSync(join(dir, 'veritext.lock'))).toBe(false);

    // Role defaults to free; a password without a trailing newline is fine.
    const f = uniqueUser('clifree');
    const free = await runCli(['--email', f.email, '--username', f.username], { stdin: f.password, env });
    expect(free.code).toBe(0);
    expect(free.stdout).toContain(`Created free account ${f.username} ${f.email}`);

    // A taken e-mail is refused with exit code 1.
    const dupe = await runCli(['--email', u.email, '--username', u.username + 'x'], { stdin: 'another password\n', env });
    expect(dupe.code).toBe(1);
    expect(dupe.stderr).toMatch(/already exists/);
    expect(dupe.stdout).toBe('');

    const s = await appOnDataDir(dir);
    try {
      const res = await login(s.app, u.email, password);
      expect(res.statusCode).toBe(200);
      expect(json(res).user).toMatchObject({ username: u.username, email: u.email, role: 'super_admin' });
      const cookie = String(res.headers['set-cookie']).split(';')[0];
      expect((await get(s.app, '/api/admin/overview', cookie)).statusCode).toBe(200);
      // Only the first line was the password.
      expect((await login(s.app, u.email, 'second line is ignored')).statusCode).toBe(401);
      expect(json(await login(s.app, f.email, f.password)).user.role).toBe('free');
    } finally {
      await s.close();
    }
  });

  it('rejects invalid input with a readable message and exit code 2, never opening the database', async () => {
    const dir = dataDir();
    const env = { DATA_DIR: dir };
    const badEmail = await runCli(['--email', 'not-an-email', '--username', 'someone'], { stdin: 'longenough\n', env });
    expect(badEmail.code).toBe(2);
    expect(badEmail.stderr).toContain('Please enter a valid email address');

    const badRole = await runCli(['--email', 'a@example.com', '--username', 'someone', '--role', 'emperor'], { stdin: 'longenough\n', env });
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toMatch(/Role must be one of: .*super_admin/);

    const badName = await runCli(['--email', 'a@example.com', '--username', 'x y'], { stdin: 'longenough\n', env });
    expect(badName.code).toBe(2);
    expect(badName.stderr).toMatch(/Username must be 3/);

    const shortPw = await runCli(['--email', 'a@example.com', '--username', 'someone'], { stdin: '12345\n', env });
    expect(shortPw.code).toBe(2);
    expect(shortPw.stderr).toContain('Password must be at least 6 characters');
    expect(shortPw.stderr).not.toContain('12345');

    const noPw = await runCli(['--email', 'a@example.com', '--username', 'someone'], { stdin: '', env });
    expect(noPw.code).toBe(2);
    expect(noPw.stderr).toMatch(/No password on standard input/);

    const missing = await runCli(['--username', 'someone'], { stdin: 'longenough\n', env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--email is required');

    const unknown = await runCli(['--email', 'a@example.com', '--username', 'someone', '--password', 'x'], { stdin: 'longenough\n', env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--password/);

    expect(existsSync(join(dir, 'veritext.lock'))).toBe(false);
    expect(existsSync(join(dir, 'pglite'))).toBe(false);
  });

  it('refuses while another live process holds the data directory, without touching the database', async () => {
    const dir = dataDir();
    // A live process standing in for a running server.
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    holders.push(holder);
    await new Promise((r) => holder.once('spawn', r));
    const lockPath = join(dir, 'veritext.lock');
    const lock = JSON.stringify({ pid: holder.pid, holder: 'the Veritext server' });
    writeFileSync(lockPath, lock);

    const u = uniqueUser('clilocked');
    const run = await runCli(['--email', u.email, '--username', u.username, '--role', 'admin'], { stdin: u.password, env: { DATA_DIR: dir } });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/in use/);
    expect(run.stderr).toContain(`pid ${holder.pid}`);
    expect(run.stdout).not.toContain('Created');
    // The holder's lock is left alone, and the CLI never opened (or created) the database.
    expect(readFileSync(lockPath, 'utf8')).toBe(lock);
    expect(existsSync(join(dir, 'pglite'))).toBe(false);

    // Once the holder is gone its lock is stale, and the CLI goes ahead.
    holder.kill('SIGKILL');
    await new Promise((r) => (holder.exitCode !== null || holder.signalCode !== null ? r(null) : holder.once('exit', r)));
    const after = await runCli(['--email', u.email, '--username', u.username, '--role', 'admin'], { stdin: u.password, env: { DATA_DIR: dir } });
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toContain(`Created admin account ${u.username}`);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('writes to PostgreSQL when DATABASE_URL is set (no data-directory lock needed)', async () => {
    const tdb = await createTestDatabase();
    const dir = dataDir();
    // Even a held PGlite lock does not matter with PostgreSQL.
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    holders.push(holder);
    await new Promise((r) => holder.once('spawn', r));
    writeFileSync(join(dir, 'veritext.lock'), JSON.stringify({ pid: holder.pid, holder: 'the Veritext server' }));
    try {
      const u = uniqueUser('clipg');
      const run = await runCli(['--email', u.email, '--username', u.username, '--role', 'manager'], {
        stdin: u.password,
        env: { DATA_DIR: dir, DATABASE_URL: tdb.url! },
      });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const { app } = await createAppOn(tdb.database);
      try {
        const res = await login(app, u.email, u.password);
        expect(res.statusCode).toBe(200);
        expect(json(res).user.role).toBe('manager');
      } finally {
        await app.close();
      }
    } finally {
      await tdb.close();
    }
  });
});
