/**
 * The offline code explainer: detect the language, parse with tree-sitter (17 grammars from npm, loaded lazily from
 * node_modules), then outline, imports, complexity, line counts and a structural walk-through.
 *
 *   const r = await explainCode(source, { filename: 'cart.ts' });
 *   r.language, r.symbols, r.imports, r.complexity, r.walkthrough
 *
 * A Vue file's script block is parsed with the JavaScript or TypeScript grammar (its `lang`), at its own lines.
 */
import { detectLanguage, type Detection } from './detect';
import { languageName, type CodeLanguage } from './languages';
import { walkTree, type CodeImport, type CodeSymbol } from './outline';
import { ParseBudgetError, parseCode } from './parser';
import { CALLABLE_KINDS, SPECS } from './specs';
import { walkthrough, type LineCounts } from './walkthrough';

export { CODE_LANGUAGES, CODE_LANGUAGE_IDS, GENERATE_LANGUAGES, languageForFilename, languageName, type CodeLanguage } from './languages';
export { detectLanguage, type Detection } from './detect';
export { ParseBudgetError, parserFor } from './parser';
export { COMPLEXITY_HIGH } from './walkthrough';
export type { CodeImport, CodeSymbol } from './outline';
export type { SymbolKind } from './specs';

export interface CodeExplanation {
  language: CodeLanguage;
  languageName: string;
  detection: Pick<Detection, 'method' | 'candidates'>;
  lines: LineCounts;
  symbols: CodeSymbol[];
  imports: CodeImport[];
  complexity: {
    /** Named functions, methods and constructors. */
    functions: number;
    average: number;
    max: number;
    /** The most branching function, qualified with its type (e.g. Cart.total). */
    mostComplex: { name: string; line: number; complexity: number } | null;
  };
  syntaxErrors: number;
  walkthrough: string[];
  /** Time spent parsing and walking the tree. */
  parseMs: number;
}

/** Thrown when the language cannot be told (or has no grammar here); the service answers 422 with `reason`. */
export class UnknownLanguageError extends Error {}

export interface ExplainOptions {
  /** A language id from CODE_LANGUAGES, or 'auto'. */
  language?: string | null;
  filename?: string | null;
  /** Parse time budget (ms) before giving up on a pathological input. */
  budgetMs?: number;
}

/** Blank lines, comment-only lines (every visible character inside a comment) and the rest, which hold code. */
function countLines(code: string, comments: [number, number][]): LineCounts {
  const inComment = new Uint8Array(code.length);
  for (const [a, b] of comments) inComment.fill(1, a, Math.min(b, code.length));
  let total = 0;
  let blank = 0;
  let comment = 0;
  let start = 0;
  while (start < code.length || total === 0) {
    let end = code.indexOf('\n', start);
    if (end < 0) end = code.length;
    total++;
    let visible = false;
    let codeChar = false;
    for (let i = start; i < end; i++) {
      const ch = code.charCodeAt(i);
      if (ch === 32 || ch === 9 || ch === 13 || ch === 12 || ch === 11) continue;
      visible = true;
      if (!inComment[i]) {
        codeChar = true;
        break;
      }
    }
    if (!visible) blank++;
    else if (!codeChar) comment++;
    start = end + 1;
    if (end === code.length) break;
  }
  return { total, code: total - blank - comment, comment, blank };
}

function flattenCallables(symbols: CodeSymbol[], prefix = ''): { name: string; s: CodeSymbol }[] {
  return symbols.flatMap((s) => {
    const name = prefix && s.kind !== 'section' ? `${prefix}.${s.name}` : s.name;
    const own = CALLABLE_KINDS.has(s.kind) && s.complexity !== null ? [{ name, s }] : [];
    return [...own, ...flattenCallables(s.children, s.kind === 'section' ? prefix : name)];
  });
}

export async function explainCode(code: string, opts: ExplainOptions = {}): Promise<CodeExplanation> {
  const detection = await detectLanguage(code, { hint: opts.language, filename: opts.filename });
  if (!detection.language) throw new UnknownLanguageError(detection.reason ?? 'The language could not be recognised.');
  const language = detection.language;
  const started = performance.now();

  const tree = await parseCode(language, code, opts.budgetMs);
  let facts;
  let declarations = 0;
  try {
    facts = walkTree(tree, SPECS[language]);
    if (language === 'css') declarations = tree.rootNode.descendantsOfType('declaration').length;
    if (language === 'vue') {
      // The script block: parsed with its own grammar, its items listed under the script section.
      const script = tree.rootNode.descendantsOfType('script_element')[0];
      const raw = script?.descendantsOfType('raw_text')[0];
      const section = facts.symbols.find((s) => s.kind === 'section' && s.name === 'script');
      if (raw && section) {
        const lang: CodeLanguage = /\blang\s*=\s*["']?(ts|tsx)\b/.test(script!.text.slice(0, script!.text.indexOf('>') + 1)) ? 'typescript' : 'javascript';
        // pad with the rows before it so the script's rows are the file's rows
        const pad = '\n'.repeat(raw.startPosition.row) + ' '.repeat(raw.startPosition.column);
        const padded = pad + raw.text;
        const sub = await parseCode(lang, padded, opts.budgetMs);
        try {
          const inner = walkTree(sub, SPECS[lang]);
          section.children = inner.symbols;
          facts.imports.push(...inner.imports);
          facts.errors += inner.errors;
          facts.errorLines.push(...inner.errorLines);
          const shift = raw.startIndex - pad.length;
          facts.comments.push(...inner.comments.map(([a, b]): [number, number] => [a + shift, b + shift]));
        } finally {
          sub.delete();
        }
      }
    }
  } finally {
    tree.delete();
  }

  const lines = countLines(code, facts.comments);
  const all = flattenCallables(facts.symbols);
  const top = all.reduce<(typeof all)[number] | null>((best, c) => (!best || (c.s.complexity ?? 0) > (best.s.complexity ?? 0) ? c : best), null);
  const mainGuard = language === 'python' ? code.split('\n').findIndex((l) => /^if\s+__name__\s*==\s*['"]__main__['"]\s*:/.test(l)) : -1;
  const parseMs = performance.now() - started;

  return {
    language,
    languageName: languageName(language),
    detection: { method: detection.method, candidates: detection.candidates },
    lines,
    symbols: facts.symbols,
    imports: facts.imports,
    complexity: {
      functions: all.length,
      average: all.length ? Math.round((all.reduce((t, c) => t + (c.s.complexity ?? 1), 0) / all.length) * 10) / 10 : 0,
      max: top?.s.complexity ?? 0,
      mostComplex: top ? { name: top.name, line: top.s.startLine, complexity: top.s.complexity ?? 1 } : null,
    },
    syntaxErrors: facts.errors,
    walkthrough: walkthrough({
      languageName: languageName(language),
      css: language === 'css',
      lines,
      symbols: facts.symbols,
      imports: facts.imports,
      errors: facts.errors,
      errorLines: facts.errorLines,
      mainGuardLine: mainGuard >= 0 ? mainGuard + 1 : null,
      declarations,
    }),
    parseMs: Math.round(parseMs * 100) / 100,
  };
}

/** What the engine pool's job answers: an explanation, or why there is none (a refusal crosses the thread as data). */
export type ExplainOutcome = { ok: true; result: CodeExplanation } | { ok: false; reason: 'unknown_language' | 'too_slow'; message: string };

/** explainCode with its expected refusals as values, for the engine pool (src/server/workers/engine-worker.ts). */
export async function explainOrRefuse(code: string, opts: ExplainOptions = {}): Promise<ExplainOutcome> {
  try {
    return { ok: true, result: await explainCode(code, opts) };
  } catch (err) {
    if (err instanceof UnknownLanguageError) return { ok: false, reason: 'unknown_language', message: err.message };
    if (err instanceof ParseBudgetError) return { ok: false, reason: 'too_slow', message: err.message };
    throw err;
  }
}
