import type { FastifyInstance } from 'fastify';
import { CodeExplainRequest, CodeExplainResponse, CodeGenerateRequest, CodeModelResponse } from '../../../shared/api/code';
import { explainCodeInProse, explainCodeOffline, generateCode, type CodeModelResult } from '../../services/code';
import { hasLanguageModel, requireLanguageModel } from '../../services/writing';
import { toolRoute } from '../../tool-route';

/**
 * The code tool (/tools/code-generator, catalogue id code_explainer): the offline structural explainer, and, with a
 * language model, "explain in prose" and "generate" (streamed as server-sent events when the page asks).
 */
const modelAnswer = (r: CodeModelResult): CodeModelResponse => ({ output: r.output, engine: r.engine, language: r.language });

export const CODE_TOOLS = [
  toolRoute({
    path: '/api/tools/code-explainer',
    input: CodeExplainRequest,
    tool: 'code_explainer',
    anon: 'code',
    run: explainCodeOffline,
    engine: () => 'offline',
    answer: (r): CodeExplainResponse => ({ ...r, engine: 'offline' }),
    output: CodeExplainResponse,
  }),
  toolRoute({
    path: '/api/tools/code-explainer/prose',
    input: CodeExplainRequest,
    tool: 'code_explainer',
    anon: 'generate',
    available: requireLanguageModel,
    stream: hasLanguageModel,
    run: explainCodeInProse,
    engine: (r) => r.engine,
    answer: modelAnswer,
    output: CodeModelResponse,
  }),
  toolRoute({
    path: '/api/tools/code-generator',
    input: CodeGenerateRequest,
    tool: 'code_explainer',
    anon: 'generate',
    available: requireLanguageModel,
    stream: hasLanguageModel,
    run: generateCode,
    engine: (r) => r.engine,
    answer: modelAnswer,
    output: CodeModelResponse,
  }),
];

export async function codeRoutes(app: FastifyInstance): Promise<void> {
  for (const t of CODE_TOOLS) t.register(app);
}
