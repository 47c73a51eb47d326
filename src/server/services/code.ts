/**
 * The code tool. Explain (offline): the tree-sitter explainer (engines/code) detects the language and outlines the
 * structure. It runs in the engine pool: a 300-line file takes a few milliseconds (bench/code.ts), but a hostile
 * 100,000-character input can take half a second of parsing, which must not hold the event loop; tree-sitter's
 * progress callback also cancels a parse that runs past its budget. Explain in prose and Generate need the language
 * model (services/model-call.ts generateWithModel).
 */
import { languageName, type CodeExplanation, type ExplainOptions } from '../../engines/code';
import { codeExplainPrompt, codeGeneratePrompt, outlineForPrompt, stripCodeFence } from '../../engines/code/prompts';
import type { CodeExplainInput, CodeGenerateInput } from '../../shared/api/code';
import { runEngine } from '../engine-pool';
import { AppError } from '../errors';
import type { ToolCall } from '../tool-route';
import { generateWithModel } from './model-call';

/** Time budget of one parse (far above what a 100,000-character file needs). */
const PARSE_BUDGET_MS = 3000;

type Explained = { ok: true; result: CodeExplanation } | { ok: false; error: AppError };

async function explainInPool(call: ToolCall<CodeExplainInput>): Promise<Explained> {
  const { text, language, filename } = call.input;
  const opts: ExplainOptions = { language, filename, budgetMs: PARSE_BUDGET_MS };
  const r = await runEngine('explainCode', { code: text, opts }, { signal: call.signal, label: 'The code explainer' });
  if (r.ok) return r;
  if (r.reason === 'unknown_language')
    return { ok: false, error: new AppError('unprocessable', `${r.message} Choose the language from the list.`, { language: r.message }) };
  return { ok: false, error: new AppError('unprocessable', 'This code took too long to parse. Try a smaller part of it.') };
}

export async function explainCodeOffline(call: ToolCall<CodeExplainInput>): Promise<CodeExplanation> {
  const r = await explainInPool(call);
  if (!r.ok) throw r.error;
  return r.result;
}

export interface CodeModelResult {
  output: string;
  engine: string;
  language: string | null;
}

/** Explain in prose: the model reads the code, with the parser's outline when the language is one the parser knows. */
export async function explainCodeInProse(call: ToolCall<CodeExplainInput>): Promise<CodeModelResult> {
  const { text, language } = call.input;
  // the model can also explain languages the parser has no grammar for: then it gets the code alone
  const parsed = await explainInPool(call);
  const structure = parsed.ok ? parsed.result : null;
  const name = structure?.languageName ?? (language !== 'auto' ? languageName(language) : null);
  const messages = codeExplainPrompt(text, { language: name, outline: structure ? outlineForPrompt(structure) : null });
  const r = await generateWithModel(call, messages, { maxTokens: 1500, temperature: 0.3, failure: 'The code could not be explained' });
  return { output: r.output, engine: r.engine, language: name };
}

/** Generate: code in the chosen language from a description; the fence the model was asked for is removed. */
export async function generateCode(call: ToolCall<CodeGenerateInput>): Promise<CodeModelResult> {
  const { text, language } = call.input;
  const r = await generateWithModel(call, codeGeneratePrompt(text, language), {
    maxTokens: 3000,
    temperature: 0.2,
    failure: 'The code could not be generated',
  });
  return { output: stripCodeFence(r.output), engine: r.engine, language };
}
