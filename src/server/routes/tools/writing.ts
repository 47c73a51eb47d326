import type { FastifyInstance } from 'fastify';
import {
  ExpandRequest,
  ExpandResponse,
  HumanizeRequest,
  HumanizeResponse,
  RewriteRequest,
  RewriteResponse,
  ShortenRequest,
  ShortenResponse,
  SummarizeRequest,
  SummarizeResponse,
  type WritingResponse,
} from '../../../shared/api/writing';
import { countWords } from '../../../shared/limits';
import {
  expandText,
  hasLanguageModel,
  humanizeText,
  requireLanguageModel,
  rewriteText,
  shortenText,
  summarizeText,
  type WritingResult,
} from '../../services/writing';
import { toolRoute, type ToolAnswerMeta, type ToolRoute } from '../../tool-route';

/**
 * The writing tools: the language model when one is configured (streamed as server-sent events when the browser asks),
 * else the offline engine (services/writing.ts). Every answer has `output` and the engine, plus the tool's own named
 * field (e.g. humanized_text) that older clients read.
 */
function writingAnswer(field: string) {
  return (r: WritingResult, { words, allowance }: ToolAnswerMeta<unknown>): WritingResponse => ({
    output: r.output,
    [field]: r.output,
    engine: r.engine,
    wordsBefore: words,
    wordsAfter: countWords(r.output),
    allowance,
    ...(r.notice ? { notice: r.notice } : {}),
    ...r.extra,
  });
}

const engine = (r: WritingResult) => r.engine;

export const WRITING_TOOLS: ToolRoute[] = [
  toolRoute({
    path: '/api/tools/ai-humanizer',
    input: HumanizeRequest,
    tool: 'ai_humanizer',
    anon: 'humanize',
    stream: hasLanguageModel,
    run: humanizeText,
    engine,
    answer: writingAnswer('humanized_text'),
    output: HumanizeResponse,
  }),
  toolRoute({
    path: '/api/tools/ai-rewriter',
    input: RewriteRequest,
    tool: 'ai_rewriter',
    anon: 'rewrite',
    stream: hasLanguageModel,
    run: rewriteText,
    engine,
    answer: writingAnswer('rewritten_text'),
    output: RewriteResponse,
  }),
  toolRoute({
    path: '/api/tools/ai-summarizer',
    input: SummarizeRequest,
    tool: 'ai_summarizer',
    anon: 'summarize',
    stream: hasLanguageModel,
    run: summarizeText,
    engine,
    answer: writingAnswer('summary'),
    output: SummarizeResponse,
  }),
  toolRoute({
    path: '/api/tools/sentence-shortener',
    input: ShortenRequest,
    tool: 'sentence_shortener',
    anon: 'shorten',
    stream: hasLanguageModel,
    run: shortenText,
    engine,
    answer: writingAnswer('shortened_text'),
    output: ShortenResponse,
  }),
  toolRoute({
    path: '/api/tools/text-expander',
    input: ExpandRequest,
    tool: 'text_expander',
    anon: 'expand',
    available: requireLanguageModel,
    stream: hasLanguageModel,
    run: expandText,
    engine,
    answer: writingAnswer('expanded_text'),
    output: ExpandResponse,
  }),
];

export async function writingRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  // Lets pages say up front whether a language model answers (the text expander needs one).
  app.get('/api/tools/capabilities', { config: { access: 'public' } }, async () => ({ llm: { configured: ctx.llm !== null, model: ctx.llm?.model ?? null } }));
  for (const t of WRITING_TOOLS) t.register(app);
}
