import { z } from 'zod';
// Plain constants (no imports): the enums accept exactly the languages the engine parses.
import { CODE_LANGUAGE_IDS, GENERATE_LANGUAGES } from '../../engines/code/languages';
import type { SymbolKind } from '../../engines/code/specs';
import { ExtractedText } from './tool-answer';

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
  text: code.meta({
    description: 'The source code.',
    examples: [
      'def total(prices, tax=0.2):\n    # the sum of the prices, with tax\n    if not prices:\n        return 0\n    return round(sum(prices) * (1 + tax), 2)\n',
    ],
  }),
  language: z
    .enum(['auto', ...CODE_LANGUAGE_IDS])
    .default('auto')
    .describe("A parsed language, or 'auto' to detect it from the file name and the content."),
  filename: z.string().max(255).optional().describe('The file name: its extension names the language.'),
});
export const CodeGenerateRequest = z.object({
  text: z
    .string({ message: 'Please describe the code you need.' })
    .max(DESCRIPTION_MAX_CHARS, { message: 'The description is too long: the limit is 4,000 characters.' })
    .refine((s) => s.trim() !== '', { message: 'Please describe the code you need.' })
    .meta({
      description: 'What the code should do.',
      examples: ['A function that tells whether a string is a palindrome, ignoring case, spaces and punctuation.'],
    }),
  language: z.enum(GENERATE_LANGUAGES).default('Python').describe('The language to write it in.'),
});

export type CodeExplainInput = z.infer<typeof CodeExplainRequest>;
export type CodeGenerateInput = z.infer<typeof CodeGenerateRequest>;

/** The outline's symbol kinds, as the engine names them (a type-only import: nothing of the engine reaches the client). */
export type CodeSymbolKind = SymbolKind;
export const CODE_SYMBOL_KINDS = [
  'function',
  'method',
  'constructor',
  'class',
  'interface',
  'struct',
  'enum',
  'trait',
  'impl',
  'module',
  'namespace',
  'contract',
  'library',
  'record',
  'type',
  'protocol',
  'extension',
  'mixin',
  'modifier',
  'event',
  'rule',
  'at-rule',
  'section',
] as const satisfies readonly SymbolKind[];
// a kind the engine adds must be listed above (this line fails to compile until it is)
const everyKindListed: Exclude<SymbolKind, (typeof CODE_SYMBOL_KINDS)[number]> extends never ? true : never = true;
void everyKindListed;

export const CodeSymbolDto = z
  .object({
    kind: z.enum(CODE_SYMBOL_KINDS),
    name: z.string(),
    params: z.array(z.string()).nullable().describe('Parameter names; null for kinds that take none (classes, structs ...).'),
    startLine: z.number().int().min(1).describe('1-based, inclusive.'),
    endLine: z.number().int().min(1),
    complexity: z.number().int().nullable().describe('Cyclomatic complexity (functions, methods, constructors with a body); null otherwise.'),
    get children(): z.ZodArray<typeof CodeSymbolDto> {
      return z.array(CodeSymbolDto);
    },
    owner: z.string().optional().describe("The type a method belongs to when it is defined outside the type's body (Go receivers, C++ Type::method)."),
  })
  // recursive: the OpenAPI document holds it once, under this name
  .meta({ id: 'CodeSymbol' });
export type CodeSymbolDto = z.infer<typeof CodeSymbolDto>;

export const CodeExplainResponse = z
  .object({
    language: z.string(),
    languageName: z.string(),
    detection: z.object({
      method: z.enum(['hint', 'extension', 'content']),
      candidates: z.array(z.object({ language: z.string(), score: z.number(), errors: z.number().int() })),
    }),
    lines: z.object({ total: z.number().int(), code: z.number().int(), comment: z.number().int(), blank: z.number().int() }),
    symbols: z.array(CodeSymbolDto),
    imports: z.array(z.object({ source: z.string(), line: z.number().int() })),
    complexity: z.object({
      functions: z.number().int().describe('Named functions, methods and constructors.'),
      average: z.number(),
      max: z.number(),
      mostComplex: z
        .object({ name: z.string(), line: z.number().int(), complexity: z.number() })
        .nullable()
        .describe('The most branching function, qualified with its type (e.g. Cart.total).'),
    }),
    syntaxErrors: z.number().int().min(0),
    walkthrough: z.array(z.string()),
    parseMs: z.number().describe('Time spent parsing, in milliseconds.'),
    engine: z.literal('offline'),
    text: ExtractedText,
  })
  .describe("The code's outline, complexity and a walk-through of its structure, worked out offline by a parser (no language model).");
export type CodeExplainResponse = z.infer<typeof CodeExplainResponse>;

/** "Explain in prose" and "Generate": the language model's answer. */
export const CodeModelResponse = z
  .object({
    output: z.string(),
    engine: z.string().describe("The language model's name."),
    language: z.string().nullable().describe("Generate: the target language. Explain: the detected language's name, or null when it could not be told."),
    text: ExtractedText,
  })
  .describe("The language model's answer: the code explained in prose, or the code it generated.");
export type CodeModelResponse = z.infer<typeof CodeModelResponse>;
