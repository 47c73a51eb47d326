import type { FastifyInstance } from 'fastify';
import { detect, thresholds, type DetectionResult } from '../../../engines/detector';
import { DetectRequest, percent, type DetectResponse, type Verdict, type VerdictBands } from '../../../shared/api/detector';
import type { ServerContext } from '../../context';
import { configuredProviders, type ProviderResult } from '../../services/detection-providers';
import { resolveCaller, runTool } from '../../services/tool-gate';
import { readToolInput } from '../../services/tool-input';

const SAPLING_LINE = 'Analysis powered by Sapling detection';

/**
 * A provider's score is calibrated by that provider, not by our engine, so it gets its own wide
 * uncertain band; texts too short for any reliable verdict stay 'uncertain' whoever scored them.
 */
const PROVIDER_BANDS: VerdictBands = { ai: 0.8, human: 0.2, minWords: thresholds.minWords };
const ENGINE_BANDS: VerdictBands = { ai: thresholds.ai, human: thresholds.human, minWords: thresholds.minWords };
function providerVerdict(score: number, local: DetectionResult): Verdict {
  if (local.wordCount < PROVIDER_BANDS.minWords) return 'uncertain';
  if (score >= PROVIDER_BANDS.ai) return 'ai';
  if (score <= PROVIDER_BANDS.human) return 'human';
  return 'uncertain';
}

/** Provider sentence scores, placed on the offsets of the local engine's sentences where the text matches. */
function mergeSentences(local: DetectionResult, text: string, remote: ProviderResult): DetectionResult['sentences'] {
  if (!remote.sentences.length) return local.sentences;
  return local.sentences.map((s) => {
    const body = text.slice(s.start, s.end).replace(/\s+/g, ' ').trim();
    const hit = remote.sentences.find((r) => r.text.replace(/\s+/g, ' ').trim() === body);
    return hit ? { ...s, score: hit.score } : s;
  });
}

export async function runDetection(ctx: ServerContext, text: string, log: { warn: (o: object, m: string) => void }) {
  const local = detect(text);
  const providers = configuredProviders({
    gptzeroKey: ctx.env.GPTZERO_API_KEY,
    gptzeroUrl: ctx.env.GPTZERO_API_URL,
    saplingKey: ctx.env.SAPLING_API_KEY,
    saplingUrl: ctx.env.SAPLING_API_URL,
    timeoutMs: ctx.env.DETECTION_PROVIDER_TIMEOUT_MS,
  });
  for (const ask of providers) {
    try {
      const remote = await ask(text);
      return { local, remote, sentences: mergeSentences(local, text, remote) };
    } catch (err) {
      // Fall through to the next provider, then to the offline engine.
      log.warn({ err: (err as Error).message }, 'detection provider failed');
    }
  }
  return { local, remote: null, sentences: local.sentences };
}

export async function contentDetectorRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.post('/api/tools/content-detector', async (req, reply) => {
    // validate
    const input = await readToolInput(req, DetectRequest);
    // authorize and act, metered: word limit, anonymous or plan allowances (charged atomically, refunded on failure)
    const caller = await resolveCaller(ctx, req, reply);
    const { result, allowance } = await runTool(
      ctx,
      caller,
      { tool: 'ai_content_detector', text: input.text, anon: 'detect', detection: true },
      () => runDetection(ctx, input.text, req.log),
      (r) => r.remote?.provider ?? 'veritext',
    );
    const { local, remote, sentences } = result;
    const score = remote ? remote.aiScore : local.score;
    const verdict = remote ? providerVerdict(score, local) : local.verdict;
    const analysis = [`AI probability: ${percent(score)}`, `Human probability: ${percent(1 - score)}`, ...local.reasons];
    if (remote?.provider === 'sapling') analysis.push(SAPLING_LINE);
    // respond
    const body: DetectResponse = {
      ai_score: score,
      score,
      humanProbability: 1 - score,
      verdict,
      analysis,
      reasons: local.reasons,
      sentences,
      provider: remote?.provider ?? 'veritext',
      modelVersion: local.modelVersion,
      wordCount: local.wordCount,
      bands: remote ? PROVIDER_BANDS : ENGINE_BANDS,
      allowance,
    };
    if (input.source === 'file') body.text = input.text;
    return reply.header('cache-control', 'no-store').send(body);
  });
}
