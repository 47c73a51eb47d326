import type { Mp3Encoder } from '@/engines/tts/mp3-core';
import { concatPcm, decodeWav, encodeWav, fromBase64, type Pcm } from '@/engines/tts/wav';

/**
 * The whole recording, assembled in the browser from the streamed chunks (all at one sample rate), for the downloads:
 * WAV as received, MP3 encoded here with the LAME WebAssembly encoder (loaded only when asked for).
 */
export class Recording {
  private parts: Int16Array[] = [];
  sampleRate = 0;

  /** Add a chunk (base64 WAV); returns its bytes for the player. */
  add(audioBase64: string): ArrayBuffer {
    const bytes = fromBase64(audioBase64);
    const pcm = decodeWav(bytes);
    this.sampleRate ||= pcm.sampleRate;
    this.parts.push(pcm.samples);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  get empty(): boolean {
    return this.parts.length === 0;
  }

  pcm(): Pcm {
    return { sampleRate: this.sampleRate, samples: concatPcm(this.parts) };
  }

  wav(): Blob {
    return new Blob([encodeWav(this.pcm()) as Uint8Array<ArrayBuffer>], { type: 'audio/wav' });
  }

  async mp3(): Promise<Blob> {
    const { encodeMp3With } = await import('./mp3-loader');
    return new Blob([encodeMp3With(await mp3Encoder(), this.pcm()) as Uint8Array<ArrayBuffer>], { type: 'audio/mpeg' });
  }
}

let encoder: Promise<Mp3Encoder> | null = null;

/** The LAME encoder, loaded on first use (mp3-loader.ts), kept for later downloads. */
function mp3Encoder(): Promise<Mp3Encoder> {
  return (encoder ??= import('./mp3-loader')
    .then((m) => m.loadMp3Encoder())
    .catch((err) => {
      encoder = null;
      throw err;
    }));
}

export { saveBlob } from '@/client/lib/download';
