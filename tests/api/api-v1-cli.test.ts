import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageEvents } from '../../src/db/schema';
import { createUser } from '../../src/server/services/users';
import { cookieFrom, createTestApp, json, login, post, uniqueUser, type TestApp } from '../helpers/app';

/**
 * `veritext detect --api URL --key KEY` against the real app listening on an ephemeral port: the same JSON lines as
 * the offline engine for the same files, metered to the key's owner.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const cli = join(root, 'src', 'cli', 'veritext.ts');

interface Run {
  code: number | null;
  lines: Record<string, unknown>[];
  stderr: string;
}

function runCli(args: string[], opts: { env?: Record<string, string>; stdin?: string } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [cli, ...args], {
      cwd: scratch,
      env: { ...process.env, VERITEXT_API_URL: '', VERITEXT_API_KEY: '', ...opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        code,
        stderr,
        lines: stdout
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
      }),
    );
    child.stdin.on('error', () => {});
    child.stdin.end(opts.stdin ?? '');
  });
}

const ESSAY =
  'The committee met on Tuesday to review the budget. Several members raised concerns about the timeline. ' +
  'After a long discussion, they agreed to revisit the proposal next month. In conclusion, it is important to note that ' +
  'effective budgeting plays a crucial role in ensuring the long-term success of any organization.';
const NOTE = 'Rain fell on the old harbour all night. By morning the boats had drifted against the far wall, and nobody minded much.';

let t: TestApp;
let base: string;
let scratch: string;
let key: string;
let ownerId: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'vt-cli-detect-'));
  writeFileSync(join(scratch, 'essay.txt'), ESSAY);
  writeFileSync(join(scratch, 'note.txt'), NOTE);
  t = await createTestApp();
  const u = uniqueUser('clipro');
  ownerId = (await createUser(t.ctx.db, { ...u, role: 'pro' })).id;
  const cookie = cookieFrom(await login(t.app, u.email, u.password, '10.51.0.1'));
  const res = await post(t.app, '/api/user/api-keys', { name: 'cli' }, { cookie });
  expect(res.statusCode, res.body).toBe(201);
  key = json(res).key;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(async () => {
  await t?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('veritext detect --api', { timeout: 120_000 }, () => {
  it('prints the offline lines for the same files, with the engine that answered; a missing file is an error line', async () => {
    const files = ['essay.txt', 'note.txt', 'missing.txt'];
    const [local, remote] = await Promise.all([runCli(['detect', ...files]), runCli(['detect', '--api', base, '--key', key, ...files])]);
    expect(local.code, local.stderr).toBe(1);
    expect(remote.code, remote.stderr).toBe(1);
    expect(remote.lines).toHaveLength(3);
    for (const i of [0, 1]) {
      const { engine, ...rest } = remote.lines[i];
      expect(engine).toBe('veritext');
      // Same fields, same order, same values: the server ran the same engine on the same text.
      expect(Object.keys(rest)).toEqual(Object.keys(local.lines[i]));
      expect(rest).toEqual(local.lines[i]);
    }
    expect(remote.lines[2]).toMatchObject({ file: 'missing.txt', error: expect.stringMatching(/ENOENT/) });
    const events = await t.ctx.db.select().from(usageEvents).where(eq(usageEvents.userId, ownerId));
    expect(events.filter((e) => e.tool === 'ai_content_detector' && e.status === 'ok' && e.apiKeyId)).toHaveLength(2);
  });

  it('reads the server and key from VERITEXT_API_URL and VERITEXT_API_KEY, and the text from standard input', async () => {
    const run = await runCli(['detect'], { env: { VERITEXT_API_URL: `${base}/`, VERITEXT_API_KEY: key }, stdin: NOTE });
    expect(run.code, run.stderr).toBe(0);
    expect(run.lines).toHaveLength(1);
    expect(run.lines[0]).toMatchObject({ file: '-', engine: 'veritext', wordCount: NOTE.split(/\s+/).length });
  });

  it('prints the server’s error for a bad key, and refuses half a configuration', async () => {
    const bad = await runCli(['detect', '--api', base, '--key', `vt_live_${'A'.repeat(32)}`, 'essay.txt']);
    expect(bad.code).toBe(1);
    expect(bad.lines).toEqual([{ file: 'essay.txt', error: expect.stringMatching(/not valid/), code: 'invalid_api_key' }]);
    const half = await runCli(['detect', '--api', base, 'essay.txt']);
    expect(half.code).toBe(2);
    expect(half.lines).toEqual([]);
    expect(half.stderr).toMatch(/both the server/);
  });
});
