/**
 * A small pool of worker threads for work that must not run on the event loop (file extraction). Each worker runs one
 * job at a time under `resourceLimits`; a job that overruns its time budget, or whose caller goes away, has its worker
 * terminated (which stops even a synchronous loop), and a worker that crashed or was terminated is replaced on the
 * next job. Workers start lazily and are unref'd while idle, so an idle pool never holds a process open.
 */
import { Worker, type ResourceLimits, type TransferListItem } from 'node:worker_threads';

export type PoolFailure = 'timeout' | 'crashed' | 'aborted' | 'busy';

/** Why a job did not produce an answer; the caller turns it into a message for the user. */
export class PoolError extends Error {
  constructor(
    public readonly kind: PoolFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface PoolOptions {
  file: URL;
  size: number;
  resourceLimits: ResourceLimits;
  /** Jobs waiting beyond this many are refused at once. */
  maxQueue: number;
}

export interface RunOptions {
  /** Budget for the job once a worker has it. */
  timeoutMs: number;
  /** Budget for waiting for a free worker. */
  queueTimeoutMs: number;
  signal?: AbortSignal;
  transfer?: TransferListItem[];
}

interface Job {
  id: number;
  msg: Record<string, unknown>;
  opts: RunOptions;
  resolve: (v: unknown) => void;
  reject: (e: PoolError) => void;
  timer: NodeJS.Timeout | null;
  slot: Slot | null;
  onAbort: () => void;
}

interface Slot {
  worker: Worker | null;
  job: Job | null;
}

export class WorkerPool {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private nextId = 1;

  constructor(private readonly opts: PoolOptions) {
    this.slots = Array.from({ length: opts.size }, () => ({ worker: null, job: null }));
  }

  run<T>(msg: Record<string, unknown>, opts: RunOptions): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (opts.signal?.aborted) return reject(new PoolError('aborted', 'The request went away.'));
      if (this.queue.length >= this.opts.maxQueue) return reject(new PoolError('busy', 'Too many jobs are waiting.'));
      const job: Job = {
        id: this.nextId++,
        msg,
        opts,
        resolve: resolve as (v: unknown) => void,
        reject,
        timer: null,
        slot: null,
        onAbort: () => this.fail(job, new PoolError('aborted', 'The request went away.')),
      };
      opts.signal?.addEventListener('abort', job.onAbort, { once: true });
      job.timer = setTimeout(() => this.fail(job, new PoolError('busy', 'No worker became free in time.')), opts.queueTimeoutMs);
      job.timer.unref();
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Jobs running in a worker now, and jobs waiting for one. */
  load(): { running: number; queued: number } {
    return { running: this.slots.filter((s) => s.job).length, queued: this.queue.length };
  }

  /** Terminate every worker (tests, shutdown); queued and running jobs fail as aborted. */
  async close(): Promise<void> {
    for (const job of [...this.queue]) this.fail(job, new PoolError('aborted', 'The pool closed.'));
    await Promise.all(
      this.slots.map((s) => {
        if (s.job) this.fail(s.job, new PoolError('aborted', 'The pool closed.'));
        const w = s.worker;
        s.worker = null;
        return w?.terminate();
      }),
    );
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job || this.queue.length === 0) continue;
      const job = this.queue.shift()!;
      if (job.timer) clearTimeout(job.timer);
      job.slot = slot;
      slot.job = job;
      const w = this.ensure(slot);
      w.ref();
      job.timer = setTimeout(() => this.fail(job, new PoolError('timeout', 'The job ran out of time.')), job.opts.timeoutMs);
      job.timer.unref();
      w.postMessage({ ...job.msg, id: job.id }, job.opts.transfer ?? []);
    }
  }

  private ensure(slot: Slot): Worker {
    if (slot.worker) return slot.worker;
    const w = new Worker(this.opts.file, { resourceLimits: this.opts.resourceLimits });
    w.unref();
    w.on('message', (m: { id: number }) => {
      const job = slot.job;
      if (!job || slot.worker !== w || m.id !== job.id) return;
      this.settle(job);
      w.unref();
      job.resolve(m);
      this.dispatch();
    });
    // out of memory ends the worker with an error (ERR_WORKER_OUT_OF_MEMORY), then an exit
    const died = (err: Error | number) => {
      if (slot.worker !== w) return;
      slot.worker = null;
      const job = slot.job;
      if (job) {
        this.settle(job);
        const why = typeof err === 'number' ? `exit code ${err}` : ((err as { code?: string }).code ?? err.message);
        job.reject(new PoolError('crashed', `The worker stopped (${why}).`));
      }
      this.dispatch();
    };
    w.on('error', died);
    w.on('exit', died);
    slot.worker = w;
    return w;
  }

  /** Forget the job's timer, listener and slot. */
  private settle(job: Job): void {
    if (job.timer) clearTimeout(job.timer);
    job.timer = null;
    job.opts.signal?.removeEventListener('abort', job.onAbort);
    if (job.slot) job.slot.job = null;
  }

  /** Fail a job wherever it is: dropped from the queue, or its worker terminated (and replaced on the next job). */
  private fail(job: Job, err: PoolError): void {
    const slot = job.slot;
    if (slot) {
      if (slot.job !== job) return;
      const w = slot.worker;
      slot.worker = null;
      this.settle(job);
      void w?.terminate();
    } else {
      const i = this.queue.indexOf(job);
      if (i < 0) return;
      this.queue.splice(i, 1);
      this.settle(job);
    }
    job.reject(err);
    this.dispatch();
  }
}
