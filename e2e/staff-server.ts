import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { startLlm, type FakeLlm } from '../tests/helpers/llm-server';
import { expect, test } from './fixtures';

export interface StaffAccount {
  email: string;
  username: string;
  password: string;
  /** The address of the spec's own server. */
  base: string;
  /**
   * With `llm: true`, the local OpenAI-compatible server the spec's server is pointed at (LLM_BASE_URL), set in
   * beforeAll. Set `llm.reply` in a test to choose what the "model" answers; `llm.requests` holds what it was asked.
   */
  llm: FakeLlm | null;
}

/**
 * Staff accounts can only be created from the command line, which needs the database to itself (PGlite is
 * single-process): a spec that needs one runs its own server on its own data directory and port. Call this at the
 * top of the file or of a describe block; it registers the hooks that create the account, start the server and stop
 * it, and points the block's pages at that server.
 */
export function useStaffServer(opts: {
  name: string;
  role: 'admin' | 'manager' | 'support' | 'super_admin';
  portOffset: number;
  /** Start a fake language model and point the server at it (for the generators' e2e tests). */
  llm?: boolean;
  /** Extra environment for the server. */
  env?: Record<string, string>;
}): StaffAccount {
  const port = Number(process.env.E2E_PORT ?? 3456) + opts.portOffset;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = `.tmp/e2e-${opts.name}-data-${port}`;
  const stamp = Date.now().toString(36);
  const staff: StaffAccount = {
    llm: null,
    email: `${opts.role.replace('_', '')}${stamp}@example.test`,
    username: `${opts.role.replace('_', '')}${stamp}`,
    password: 'correct-horse-1',
    base,
  };
  // no grammar preload or starter library: these servers never check grammar or plagiarism, and harper costs 0.4 GB
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    STARTER_LIBRARY: 'false',
    GRAMMAR_PRELOAD: 'false',
    SIGNUPS_PER_ADDRESS_PER_HOUR: '0',
    DATABASE_URL: '',
    ...opts.env,
  };
  let server: ChildProcess | undefined;

  test.use({ baseURL: base });

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    rmSync(dataDir, { recursive: true, force: true });
    if (opts.llm) {
      staff.llm = await startLlm({ status: 200, content: 'A reply from the test model.' });
      Object.assign(env, { LLM_BASE_URL: staff.llm.baseUrl, LLM_MODEL: 'test-model' });
    }
    execFileSync('npx', ['tsx', 'src/server/cli/user-create.ts', '--email', staff.email, '--username', staff.username, '--role', opts.role], {
      input: `${staff.password}\n`,
      env,
      stdio: ['pipe', 'ignore', 'inherit'],
    });
    server = spawn('npx', ['tsx', 'src/server/index.ts'], {
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', APP_ORIGIN: base },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    });
    await expect
      .poll(
        async () =>
          fetch(`${base}/api/health`)
            .then((r) => r.status)
            .catch(() => 0),
        { timeout: 120_000, intervals: [250, 500] },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    await staff.llm?.close();
    // The server runs under npx: end its whole process group (ours alone).
    try {
      if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  });

  return staff;
}
