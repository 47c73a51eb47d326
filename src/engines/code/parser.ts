/**
 * Lazy, cached tree-sitter parsers. The runtime (web-tree-sitter's wasm) is initialised on the first parse and each
 * grammar is loaded the first time its language is needed; both come from node_modules by path, so nothing is fetched
 * at run time. One Parser per language is kept: parsing is synchronous, so it is never used by two calls at once.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Language, Parser, type Tree } from 'web-tree-sitter';
import { CODE_LANGUAGES, type CodeLanguage } from './languages';

const require = createRequire(import.meta.url);

let runtime: Promise<void> | null = null;
const parsers = new Map<CodeLanguage, Promise<Parser>>();

function grammarDir(): string {
  return path.join(path.dirname(require.resolve('@repomix/tree-sitter-wasms/package.json')), 'out');
}

function initRuntime(): Promise<void> {
  runtime ??= Parser.init({
    locateFile: (file: string) => path.join(path.dirname(require.resolve('web-tree-sitter')), file),
  }).catch((err) => {
    runtime = null;
    throw err;
  });
  return runtime;
}

/** The parser of one language, loading its grammar the first time. */
export function parserFor(lang: CodeLanguage): Promise<Parser> {
  let p = parsers.get(lang);
  if (!p) {
    const spec = CODE_LANGUAGES.find((l) => l.id === lang)!;
    p = (async () => {
      await initRuntime();
      const language = await Language.load(path.join(grammarDir(), `tree-sitter-${spec.wasm}.wasm`));
      const parser = new Parser();
      parser.setLanguage(language);
      return parser;
    })();
    // A failed load is not cached, so a later call may try again.
    p.catch(() => parsers.delete(lang));
    parsers.set(lang, p);
  }
  return p;
}

/** Thrown when a parse runs past its time budget (a pathological input): the caller answers 422, never hangs. */
export class ParseBudgetError extends Error {
  constructor(readonly budgetMs: number) {
    super(`parsing took longer than ${budgetMs} ms`);
  }
}

/** Parse `code`; tree-sitter's progress callback cancels a parse that runs past `budgetMs`. The caller deletes the tree. */
export async function parseCode(lang: CodeLanguage, code: string, budgetMs = 2000): Promise<Tree> {
  const parser = await parserFor(lang);
  const started = performance.now();
  parser.reset();
  const tree = parser.parse(code, null, { progressCallback: () => performance.now() - started > budgetMs });
  if (!tree) {
    parser.reset();
    throw new ParseBudgetError(budgetMs);
  }
  return tree;
}

/** Which grammars are loaded (for tests and the benchmark). */
export function loadedLanguages(): CodeLanguage[] {
  return [...parsers.keys()];
}
