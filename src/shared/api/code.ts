import { z } from 'zod';
// Plain constants (no imports): the enums accept exactly the languages the engine parses.
import { CODE_LANGUAGE_IDS, GENERATE_LANGUAGES } from '../../engines/code/languages';
import type { SymbolKind } from '../../engines/code/specs';

/** Request and response contracts of the code explainer / generator (/tools/code-generator). */
export { CODE_LANGUAGES, CODE_LANGUAGE_IDS, GENERATE_LANGUAGES, SOURCE_EXTENSIONS, languageForFilename, extensionOf } from '../../engines/code/languages';

/** The longest code the explainer reads (about 3,000 lines): parsing it takes well under a second. */
export const CODE_MAX_CHARS = 100_000;
export const DESCRIPTION_MAX_CHARS = 4_000;

// Blank input is refused here, before a model-only route could answer that no model is configured.
const code = z
  .string({ message: 'Please paste some code.' })
  .max(CODE_MAX_CHARS, { message: 'This code is too long: the limit is 100,000 characters.' })
  .refine((s) => s.trim() !== '', { message: 'Please paste some code.' });

export const CodeExplainRequest = z.object({
  text: code,
  /** A parsed language, or 'auto' to detect it from the file name and the content. */
  language: z.enum(['auto', ...CODE_LANGUAGE_IDS]).default('auto'),
  /** The uploaded file's name: its extension names the language. */
  filename: z.string().max(255).optional(),
});
export const CodeGenerateRequest = z.object({
  text: z
    .string({ message: 'Please describe the code you need.' })
    .max(DESCRIPTION_MAX_CHARS, { message: 'The description is too long: the limit is 4,000 characters.' })
    .refine((s) => s.trim() !== '', { message: 'Please describe the code you need.' }),
  language: z.enum(GENERATE_LANGUAGES).default('Python'),
});

export type CodeExplainInput = z.infer<typeof CodeExplainRequest>;
export type CodeGenerateInput = z.infer<typeof CodeGenerateRequest>;

/** The outline's symbol kinds, as the engine names them (a type-only import: nothing of the engine reaches the client). */
export type CodeSymbolKind = SymbolKind;

export interface CodeSymbolDto {
  kind: CodeSymbolKind;
  name: string;
  params: string[] | null;
  startLine: number;
  endLine: number;
  /** Cyclomatic complexity (functions, methods, constructors with a body); null otherwise. */
  complexity: number | null;
  children: CodeSymbolDto[];
  owner?: string;
}

/** The offline explainer's answer. */
export interface CodeExplainResponse {
  language: string;
  languageName: string;
  detection: { method: 'hint' | 'extension' | 'content'; candidates: { language: string; score: number; errors: number }[] };
  lines: { total: number; code: number; comment: number; blank: number };
  symbols: CodeSymbolDto[];
  imports: { source: string; line: number }[];
  complexity: { functions: number; average: number; max: number; mostComplex: { name: string; line: number; complexity: number } | null };
  syntaxErrors: number;
  walkthrough: string[];
  parseMs: number;
  engine: 'offline';
  text?: string;
}

/** "Explain in prose" and "Generate": the language model's answer. */
export interface CodeModelResponse {
  output: string;
  /** The language model's name. */
  engine: string;
  /** Generate: the target language. Explain: the detected language's name, or null when it could not be told. */
  language: string | null;
  text?: string;
}
