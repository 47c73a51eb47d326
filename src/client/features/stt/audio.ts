import { encodeWav } from '@/engines/tts/wav';

/**
 * Audio in the browser, before it is uploaded: decoded with Web Audio where the browser can (an OfflineAudioContext at
 * 16 kHz decodes and resamples in one step), mixed to mono 16-bit, and sent as a 16 kHz WAV when that is smaller than
 * the original (a 44.1 kHz stereo WAV becomes a fifth of its size; an MP3 or a recording is usually smaller as it is,
 * and is sent unchanged for the server to decode). Decoding here also tells the length before anything is sent.
 */

export const STT_RATE = 16_000;

/** Compressed files larger than this are not decoded here: 16 kHz float audio of a long file would fill a phone's memory. */
const DECODE_COMPRESSED_MAX_BYTES = 30 * 1024 * 1024;

export interface PreparedAudio {
  body: Blob;
  name: string;
  /** null when the browser could not decode it (the server will) */
  seconds: number | null;
  /** 'wav16k' when converted here, 'original' when sent as chosen */
  sent: 'wav16k' | 'original';
}

const isWav = (f: File) => /\.wav$/i.test(f.name) || /wav/i.test(f.type);

/** Decode with Web Audio at 16 kHz and mix to mono 16-bit; null when this browser cannot decode the file. */
export async function decodeTo16k(file: Blob): Promise<Int16Array | null> {
  const Offline = window.OfflineAudioContext;
  if (!Offline) return null;
  try {
    const ctx = new Offline(1, 1, STT_RATE);
    const buf = await ctx.decodeAudioData(await file.arrayBuffer());
    const n = buf.length;
    const out = new Int16Array(n);
    const channels = Array.from({ length: buf.numberOfChannels }, (_, c) => buf.getChannelData(c));
    for (let i = 0; i < n; i++) {
      let x = 0;
      for (const ch of channels) x += ch[i];
      x = (x / channels.length) * 32768;
      out[i] = x >= 32767 ? 32767 : x <= -32768 ? -32768 : Math.round(x);
    }
    return out;
  } catch {
    return null;
  }
}

/** What to upload for `file`: a 16 kHz WAV made here when that is smaller, else the file itself. */
export async function prepareAudio(file: File): Promise<PreparedAudio> {
  const original: PreparedAudio = { body: file, name: file.name || 'audio', seconds: null, sent: 'original' };
  if (!isWav(file) && file.size > DECODE_COMPRESSED_MAX_BYTES) return original;
  const samples = await decodeTo16k(file);
  if (!samples) return original;
  const seconds = samples.length / STT_RATE;
  const wavBytes = 44 + samples.length * 2;
  if (wavBytes >= file.size) return { ...original, seconds };
  const wav = encodeWav({ sampleRate: STT_RATE, samples }) as Uint8Array<ArrayBuffer>;
  return { body: new Blob([wav], { type: 'audio/wav' }), name: `${(file.name || 'audio').replace(/\.[^.]+$/, '')}.wav`, seconds, sent: 'wav16k' };
}

/** The container MediaRecorder records in here: WebM/Opus (Chrome, Firefox, Edge), else MP4 (Safari). */
function recorderType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'].find((t) => MediaRecorder.isTypeSupported(t));
}

export function canRecord(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia) && typeof MediaRecorder !== 'undefined';
}

/** A microphone recording: start, then stop for the file (or cancel). The microphone is released either way. */
export class MicRecorder {
  private rec: MediaRecorder | null = null;
  private stream: MediaStream | null = null;
  private parts: Blob[] = [];

  async start(): Promise<void> {
    this.stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
    const mimeType = recorderType();
    this.rec = new MediaRecorder(this.stream, mimeType ? { mimeType } : undefined);
    this.parts = [];
    this.rec.ondataavailable = (e) => {
      if (e.data.size) this.parts.push(e.data);
    };
    // a slice a second, so a long recording is not one huge buffer inside the recorder
    this.rec.start(1000);
  }

  /** Stop and return the recording as a file. */
  stop(): Promise<File> {
    const rec = this.rec;
    if (!rec) return Promise.reject(new Error('not recording'));
    return new Promise((resolve) => {
      rec.onstop = () => {
        const type = rec.mimeType || 'audio/webm';
        const ext = type.includes('mp4') ? 'm4a' : type.includes('ogg') ? 'ogg' : 'webm';
        const stamp = new Date().toISOString().slice(0, 16).replace(/[T:]/g, '-');
        resolve(new File(this.parts, `recording-${stamp}.${ext}`, { type }));
        this.release();
      };
      rec.stop();
    });
  }

  cancel(): void {
    if (this.rec && this.rec.state !== 'inactive') {
      this.rec.onstop = null;
      this.rec.stop();
    }
    this.release();
  }

  private release(): void {
    this.stream?.getTracks().forEach((t) => t.stop());
    this.stream = null;
    this.rec = null;
  }
}
