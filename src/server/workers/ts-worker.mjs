/**
 * Entry of the server's worker threads: registers tsx (the server runs TypeScript without a build step, and a worker
 * does not inherit its parent's loader), then loads the TypeScript worker named in workerData.entry.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// Engine work yields the CPU to the main thread: on a busy machine the event loop (health checks, other requests)
// must not wait behind a hostile input. Linux gives each thread an id of its own that can be niced; elsewhere, skip.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
} catch {
  // not Linux, or not allowed: the thread keeps the process's priority
}

register();
await import(workerData.entry);
