import { useQuery } from '@tanstack/react-query';
import { TtsChunk, type TtsInput, type TtsResponse, type TtsStatus, type TtsVoice } from '@/shared/api/tts';
import { ApiError, apiJson, apiStream, fileForm, InvalidReplyError, NetworkError, throwIfNotOk } from '@/client/lib/api';

export const TTS_PATH = '/api/tools/text-to-speech';

export type SpeechOptions = Pick<TtsInput, 'voice' | 'speed' | 'pauseMs'>;

function isTtsResponse(x: unknown): x is TtsResponse {
  const r = x as TtsResponse;
  return !!r && typeof r === 'object' && typeof r.engine === 'string' && typeof r.sampleRate === 'number' && typeof r.chunks === 'number';
}

/**
 * Speak a text, sentence by sentence: `onChunk` gets each WAV chunk as the server sends it (server-sent events);
 * resolves with the summary once the last one is sent. A chunk or summary that is not what the contract says is an
 * InvalidReplyError.
 */
export async function streamSpeech(text: string, opts: SpeechOptions, onChunk: (chunk: TtsChunk) => void, signal?: AbortSignal): Promise<TtsResponse> {
  const done = await apiStream<unknown>(
    TTS_PATH,
    { text, ...opts },
    (delta) => {
      const parsed = TtsChunk.safeParse(JSON.parse(delta));
      if (!parsed.success) throw new InvalidReplyError();
      onChunk(parsed.data);
    },
    // the first chunk comes after one sentence is spoken: well within a minute
    { signal, timeoutMs: 60_000 },
  );
  if (!isTtsResponse(done)) throw new InvalidReplyError();
  return done;
}

/**
 * Speak an uploaded .txt, .docx or .pdf the same way, streamed: the server reads the file's text, then sends the
 * chunks; the summary carries the text it read (`text`).
 */
export async function streamFile(file: File, opts: SpeechOptions, onChunk: (chunk: TtsChunk) => void, signal?: AbortSignal): Promise<TtsResponse> {
  let res: Response;
  try {
    res = await fetch(TTS_PATH, {
      method: 'POST',
      body: fileForm(file, { voice: opts.voice, speed: String(opts.speed), pauseMs: String(opts.pauseMs) }),
      headers: { accept: 'text/event-stream' },
      credentials: 'include',
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new NetworkError();
  }
  await throwIfNotOk(res);
  let done: unknown = null;
  if (!res.headers.get('content-type')?.includes('text/event-stream')) done = await res.json();
  else {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) break;
      buffer += value;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!event || data === undefined) continue;
        if (event === 'delta') {
          const parsed = TtsChunk.safeParse(JSON.parse(JSON.parse(data).text));
          if (!parsed.success) throw new InvalidReplyError();
          onChunk(parsed.data);
        } else if (event === 'done') done = JSON.parse(data);
        else if (event === 'error') throw new ApiError(502, data, 'Bad Gateway');
      }
    }
    signal?.throwIfAborted();
  }
  if (!isTtsResponse(done)) throw new InvalidReplyError();
  return done;
}

/** The voice preview's address (a WAV the browser plays directly). */
export function previewUrl(voice: TtsVoice): string {
  return `${TTS_PATH}/voices/${voice}/preview`;
}

/** The engine that speaks on this server (offline Flite or a provider). */
export function useTtsStatus() {
  return useQuery({ queryKey: ['tts-status'], queryFn: () => apiJson<TtsStatus>('GET', `${TTS_PATH}/status`), staleTime: 5 * 60_000 });
}
