import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TTS_VOICES, TtsRequest, TtsResponse, type TtsStatus } from '../../../shared/api/tts';
import { clientIp, noStore, parse } from '../../http';
import { addressHash } from '../../services/tool-gate';
import { audioMinutesOf, previewVoice, synthesizeSpeech, ttsStatus } from '../../services/tts';
import { toolRoute } from '../../tool-route';

/**
 * POST /api/tools/text-to-speech {text, voice, speed, pauseMs, format} (or a multipart file): with
 * `Accept: text/event-stream`, one `delta` per sentence (a TtsChunk as JSON: base64 WAV) then `done`; else JSON with
 * the whole recording in `audio`. Plan accounts pay with their characters, then with Audio Pack minutes.
 */
export const textToSpeech = toolRoute({
  path: '/api/tools/text-to-speech',
  input: TtsRequest,
  tool: 'text_to_speech',
  anon: 'speech',
  stream: () => true,
  audioMinutes: audioMinutesOf,
  run: synthesizeSpeech,
  engine: (r) => r.engineName,
  answer: ({ engineName: _, ...r }, { allowance }): TtsResponse => ({ ...r, allowance }),
  output: TtsResponse,
});

const PreviewParams = z.object({ voice: z.enum(TTS_VOICES, { message: `Choose one of the voices: ${TTS_VOICES.join(', ')}.` }) });

export async function ttsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  textToSpeech.register(app);

  /** Which engine speaks on this server, so the page can say what the voices are before the first request. */
  app.get('/api/tools/text-to-speech/status', { config: { access: 'public' } }, async (_req, reply) => {
    const body: TtsStatus = ttsStatus(ctx.env);
    return noStore(reply).send(body);
  });

  /** A few seconds of a voice (WAV), for the voice picker; not metered, rate-limited per address. */
  app.get('/api/tools/text-to-speech/voices/:voice/preview', { config: { access: 'public' } }, async (req, reply) => {
    const { voice } = parse(PreviewParams, req.params);
    const abort = new AbortController();
    reply.raw.once('close', () => abort.abort());
    const wav = await previewVoice(ctx, voice, addressHash(ctx.cookieSecret, clientIp(req)), abort.signal);
    return reply.header('content-type', 'audio/wav').header('cache-control', 'public, max-age=3600').send(Buffer.from(wav));
  });
}
