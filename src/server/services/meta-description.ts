/**
 * SEO meta descriptions: extractive and offline by default (src/engines/meta-description); with mode 'generate', the
 * configured language model writes variants, each checked for length, pixel width and the focus keyphrase. Without a
 * model, 'generate' answers 503 llm_not_configured and never falls back to pretending.
 */
import {
  META_MAX_CHARS,
  META_MAX_PIXELS,
  META_MIN_CHARS,
  metaDescriptionChecks,
  metaDescriptionPrompt,
  parseMetaVariants,
} from '../../engines/meta-description';
import type { MetaDescriptionInput, MetaVariantDto } from '../../shared/api/keywords';
import { runEngine } from '../engine-pool';
import { AppError } from '../errors';
import type { ToolCall } from '../tool-route';
import { generateWithModel, requireLanguageModel } from './model-call';

export interface MetaDescriptionResult {
  description: string;
  focus: string | null;
  variants: MetaVariantDto[];
  engine: string;
  notice?: string;
}

export const META_LIMITS = { minChars: META_MIN_CHARS, maxChars: META_MAX_CHARS, maxPixels: META_MAX_PIXELS };

/** Variants that pass both checks first, then those with the keyphrase, then the rest (stable). */
function rank(variants: MetaVariantDto[]): MetaVariantDto[] {
  const grade = (v: MetaVariantDto) => (v.withinLength ? 2 : 0) + (v.hasFocus ? 1 : 0);
  return variants
    .map((v, i) => ({ v, i }))
    .sort((a, b) => grade(b.v) - grade(a.v) || a.i - b.i)
    .map(({ v }) => v);
}

export async function writeMetaDescription(call: ToolCall<MetaDescriptionInput>): Promise<MetaDescriptionResult> {
  const { ctx, input } = call;
  if (!/\p{L}/u.test(input.text)) throw new AppError('validation_failed', 'Please enter some text with words in it.');
  if (input.mode === 'generate') requireLanguageModel(ctx);
  const extractive = await runEngine(
    'metaDescription',
    { text: input.text, opts: { focus: input.focus, candidates: 3 } },
    { signal: call.signal, label: 'The meta description writer' },
  );
  const extracted: MetaVariantDto[] = extractive.candidates.map(({ text, length, pixels, withinLength, tooShort, tooLong, hasFocus }) => ({
    text,
    source: 'extractive',
    length,
    pixels,
    withinLength,
    tooShort,
    tooLong,
    hasFocus,
  }));
  if (input.mode === 'extract' || !ctx.llm) {
    return { description: extracted[0]?.text ?? '', focus: extractive.focus, variants: extracted, engine: 'offline' };
  }

  const { output, engine } = await generateWithModel(call, metaDescriptionPrompt(input.text, extractive.focus), {
    failure: 'The meta descriptions could not be written',
  });
  const generated: MetaVariantDto[] = parseMetaVariants(output).map((text) => ({
    text,
    source: 'model',
    ...metaDescriptionChecks(text, extractive.focus),
  }));
  if (!generated.length) throw new AppError('upstream_failed', 'The language model gave no usable meta description. Please try again.');
  const variants = rank(generated);
  const passing = variants.filter((v) => v.withinLength && v.hasFocus).length;
  return {
    description: variants[0]!.text,
    focus: extractive.focus,
    // the extractive best stays available beside the model's variants
    variants: [...variants, ...extracted.slice(0, 1)],
    engine,
    ...(passing === 0 ? { notice: 'None of the generated variants met both checks; edit one, or use the extracted description.' } : {}),
  };
}
