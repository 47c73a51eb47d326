import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from '../../src/db/lock';

const root = fileURLToPath(new URL('../..', import.meta.url));
const lockModule = join(root, 'src/db/lock.ts');

const dirs: string[] = [];
const children: ChildProcess[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'vt-lock-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A separate process that takes the lock and keeps it until killed (or stdin closes). */
function childHoldingLock(dir: string): Promise<ChildProcess> {
  const code = `
    const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)});
    acquireDataDirLock(${JSON.stringify(dir)}, 'the test holder');
    process.stdout.write('locked\\n');
    process.stdin.on('end', () => process.exit(0));
    process.stdin.resume();
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    child.stdout!.on('data', (d) => {
      if (String(d).includes('locked')) resolve(child);
    });
    child.on('exit', (c) => reject(new Error(`lock holder exited with ${c}: ${err}`)));
  });
}

function waitExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
}

describe('acquireDataDirLock', () => {
  it('creates a lock file naming this process, and release removes it', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir, 'unit test');
    const path = join(dir, 'veritext.lock');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ pid: process.pid, holder: 'unit test' });
    release();
    expect(existsSync(path)).toBe(false);
    release(); // idempotent
    // And it can be taken again.
    acquireDataDirLock(dir, 'unit test')();
  });

  it('creates a missing data directory', () => {
    const dir = join(tempDir(), 'nested', 'data');
    const release = acquireDataDirLock(dir, 'unit test');
    expect(existsSync(join(dir, 'veritext.lock'))).toBe(true);
    release();
  });

  it('refuses while another live process holds the directory, naming it', async () => {
    const dir = tempDir();
    const child = await childHoldingLock(dir);
    let caught: unknown;
    try {
      acquireDataDirLock(dir, 'second opener');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(DataDirLockedError);
    const e = caught as DataDirLockedError;
    expect(e.holderPid).toBe(child.pid);
    expect(e.holder).toBe('the test holder');
    expect(e.message).toContain('in use by the test holder');
    expect(e.message).toContain(`pid ${child.pid}`);
    // The holder's lock is untouched.
    expect(JSON.parse(readFileSync(join(dir, 'veritext.lock'), 'utf8')).pid).toBe(child.pid);

    // Once the holder exits normally it releases the lock, and the directory can be taken.
    child.stdin!.end();
    await waitExit(child);
    expect(existsSync(join(dir, 'veritext.lock'))).toBe(false);
    acquireDataDirLock(dir, 'after holder')();
  });

  it('takes over the lock of a process that died without releasing it', async () => {
    const dir = tempDir();
    const child = await childHoldingLock(dir);
    child.kill('SIGKILL'); // no exit handler runs: the lock file stays behind
    await waitExit(child);
    expect(JSON.parse(readFileSync(join(dir, 'veritext.lock'), 'utf8')).pid).toBe(child.pid);
    const release = acquireDataDirLock(dir, 'successor');
    expect(JSON.parse(readFileSync(join(dir, 'veritext.lock'), 'utf8'))).toEqual({ pid: process.pid, holder: 'successor' });
    release();
  });

  it('takes over a lock whose pid does not exist, or a half-written lock file', () => {
    const dir = tempDir();
    const path = join(dir, 'veritext.lock');
    // A pid that has certainly exited: a child that already ran to completion.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(path, JSON.stringify({ pid: gone, holder: 'a crashed server' }));
    acquireDataDirLock(dir, 'successor')();
    writeFileSync(path, JSON.stringify({ pid: 2147483646, holder: 'nobody' }));
    acquireDataDirLock(dir, 'successor')();
    writeFileSync(path, '{"pid": 12');
    const release = acquireDataDirLock(dir, 'successor');
    expect(JSON.parse(readFileSync(path, 'utf8')).holder).toBe('successor');
    release();
  });
});
