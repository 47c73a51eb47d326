/**
 * Plays WAV chunks in order as they arrive (Web Audio): each decoded chunk is scheduled right after the previous one,
 * so speech starts with the first sentence while the rest is still being generated. If playback catches up with
 * generation, the next chunk starts as soon as it arrives. Pause suspends the audio clock; Stop ends playback and
 * rewinds; Play after the end starts again from the beginning.
 */
export type PlayerState = 'idle' | 'playing' | 'paused' | 'ended';

const LEAD = 0.05;

export class ChunkPlayer {
  private ctx: AudioContext | null = null;
  private buffers: AudioBuffer[] = [];
  private offsets: number[] = [];
  private queued = 0;
  private sources = new Set<AudioBufferSourceNode>();
  /** audio-clock time at which position 0 of the recording plays */
  private origin = 0;
  private decoding: Promise<void> = Promise.resolve();
  state: PlayerState = 'idle';
  /** set once no more chunks will come */
  complete = false;

  /** Create the audio context (call from a click: browsers only start audio after a user gesture). */
  prepare(): void {
    if (!this.ctx) this.ctx = new AudioContext();
    else void this.ctx.resume();
  }

  /** Queue a WAV chunk (decoded in arrival order); it plays at once if playback is waiting for it. */
  add(wav: ArrayBuffer): Promise<void> {
    this.decoding = this.decoding.then(async () => {
      const ctx = this.ctx;
      if (!ctx) return;
      const buffer = await ctx.decodeAudioData(wav);
      const offset = this.queued;
      this.buffers.push(buffer);
      this.offsets.push(offset);
      this.queued += buffer.duration;
      if (this.state === 'playing') {
        // playback ran ahead of generation: move the clock so this chunk starts now
        if (this.origin + offset < ctx.currentTime + LEAD / 2) this.origin = ctx.currentTime + LEAD - offset;
        this.schedule(this.buffers.length - 1);
      } else if (this.state === 'ended' && !this.complete) {
        this.state = 'playing';
        this.origin = ctx.currentTime + LEAD - offset;
        this.schedule(this.buffers.length - 1);
      }
    });
    return this.decoding;
  }

  /** Seconds of audio received. */
  get duration(): number {
    return this.queued;
  }

  /** Seconds played (frozen while paused). */
  get position(): number {
    if (!this.ctx || this.state === 'idle') return 0;
    if (this.state === 'ended') return this.queued;
    return Math.min(Math.max(this.ctx.currentTime - this.origin, 0), this.queued);
  }

  /** Advance the state when playback has reached the end of what was received. */
  tick(): PlayerState {
    if (this.state === 'playing' && this.ctx && this.ctx.currentTime - this.origin >= this.queued) {
      this.state = 'ended';
      this.sources.clear();
    }
    return this.state;
  }

  play(): void {
    const ctx = this.ctx;
    if (!ctx) return;
    if (this.state === 'paused') {
      this.state = 'playing';
      void ctx.resume();
      return;
    }
    if (this.state === 'playing') return;
    void ctx.resume();
    this.state = 'playing';
    this.origin = ctx.currentTime + LEAD;
    this.buffers.forEach((_, i) => this.schedule(i));
  }

  pause(): void {
    if (this.state !== 'playing' || !this.ctx) return;
    this.state = 'paused';
    void this.ctx.suspend();
  }

  stop(): void {
    for (const s of this.sources) {
      try {
        s.stop();
      } catch {
        // already stopped
      }
    }
    this.sources.clear();
    this.state = 'idle';
    void this.ctx?.resume();
  }

  /** Stop and forget every chunk (a new recording). */
  reset(): void {
    this.stop();
    this.buffers = [];
    this.offsets = [];
    this.queued = 0;
    this.complete = false;
    this.decoding = Promise.resolve();
  }

  close(): void {
    this.reset();
    void this.ctx?.close();
    this.ctx = null;
  }

  private schedule(i: number): void {
    const ctx = this.ctx!;
    const src = ctx.createBufferSource();
    src.buffer = this.buffers[i];
    src.connect(ctx.destination);
    const when = this.origin + this.offsets[i];
    // a chunk whose start is already past (Play after a pause of the clock) starts part-way through
    const skip = Math.max(0, ctx.currentTime - when);
    if (skip >= this.buffers[i].duration) return;
    src.start(Math.max(when, ctx.currentTime), skip);
    this.sources.add(src);
    src.onended = () => this.sources.delete(src);
  }
}

export function formatTime(s: number): string {
  const t = Math.max(0, Math.floor(s));
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`;
}
