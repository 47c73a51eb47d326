/**
 * Which language a piece of code is in. In order: the caller's hint, the file name's extension, then the content:
 * telltale patterns (a shebang, `<?php`, `package main`, `def …:` …) pick the plausible languages, each is parsed,
 * and the one whose tree has the fewest syntax errors wins (ties go to the stronger pattern evidence). Parsing
 * settles what patterns cannot: TypeScript parses JavaScript too, so it is only a candidate when it shows types.
 */
import { CODE_LANGUAGES, languageForFilename, type CodeLanguage } from './languages';
import { parseCode } from './parser';

export type DetectionMethod = 'hint' | 'extension' | 'content';

export interface Detection {
  language: CodeLanguage | null;
  method: DetectionMethod;
  /** The languages tried on the content, with their pattern score and syntax errors (content detection only). */
  candidates: { language: CodeLanguage; score: number; errors: number }[];
  /** Why no language was found (e.g. a shell script, which has no grammar here). */
  reason?: string;
}

type Signal = [RegExp, number];

/** Telltale patterns per language, with weights. Scores only choose which parsers to try, and break ties. */
const SIGNALS: Record<CodeLanguage, Signal[]> = {
  javascript: [
    [/\b(const|let|var)\s+\w+\s*=/, 2],
    [/\bfunction\s*\*?\s*\w*\s*\(/, 2],
    [/=>\s*[{(]?/, 2],
    [/\brequire\(\s*['"][^'"\n]{1,200}['"]\s*\)/, 4],
    [/\bmodule\.exports\b|\bexports\.\w+\s*=/, 5],
    [/^[ \t]*import\s+[^\n]{1,300}\s+from\s+['"][^'"\n]{1,200}['"];?\s*$/m, 3],
    [/^[ \t]*export\s+(default\s+)?(function|class|const|let)\b/m, 3],
    [/\bconsole\.(log|error|warn)\(/, 3],
    [/\bdocument\.|\bwindow\.|\bawait\s+fetch\(/, 3],
    [/===|!==/, 2],
  ],
  typescript: [
    [/^[ \t]*(export\s+)?interface\s+\w+(\s+extends\s+[\w<>, ]{1,120})?\s*\{/m, 6],
    [/^[ \t]*(export\s+)?type\s+\w+(<[^>]{0,120}>)?\s*=/m, 6],
    [/\b(private|public|protected|readonly)\s+\w+\s*[:;=(]/, 4],
    [/\)\s*:\s*(string|number|boolean|void|Promise<|[A-Z]\w*(\[\])?)\s*(\{|=>)/, 6],
    [/\b\w+\s*:\s*(string|number|boolean|unknown|any|never)\b/, 5],
    [/\bas\s+(const|string|number|unknown|[A-Z]\w*)\b/, 3],
    [/^[ \t]*import\s+type\s+/m, 6],
    [/^[ \t]*(export\s+)?enum\s+\w+\s*\{/m, 4],
  ],
  tsx: [],
  python: [
    [/^[ \t]*def\s+\w+\s*\([^)]{0,300}\)\s*(->\s*[^:\n]{1,120})?:\s*$/m, 6],
    [/^[ \t]*class\s+\w+(\([^)]{0,300}\))?:\s*$/m, 6],
    [/^[ \t]*from\s+[\w.]+\s+import\s+/m, 6],
    [/^[ \t]*import\s+[\w.]+(\s+as\s+\w+)?\s*$/m, 2],
    [/^[ \t]*(elif|except|finally)\b[^\n]{0,300}:\s*$/m, 5],
    [/\bself\.\w+/, 3],
    [/^[ \t]*if\s+__name__\s*==\s*['"]__main__['"]\s*:/m, 8],
    [/\bprint\(/, 1],
    [/^[ \t]*@\w+(\.\w+)*(\([^\n]{0,300}\))?\s*$/m, 1],
    [/\bNone\b|\bTrue\b|\bFalse\b/, 2],
  ],
  java: [
    [/^[ \t]*package\s+[\w.]+;\s*$/m, 6],
    [/^[ \t]*import\s+(static\s+)?java(x)?\.[\w.*]+;/m, 8],
    [/\bpublic\s+(final\s+|abstract\s+)?class\s+\w+/, 3],
    [/\bSystem\.(out|err)\.print/, 8],
    [/\b(public|private|protected)\s+(static\s+)?(final\s+)?[\w<>[\],]{1,80}\s+\w+\s*\([^)]{0,300}\)\s*(throws\s+[\w.,]{1,60}(\s*,\s*[\w.]{1,60})*)?\s*\{/, 3],
    [/@Override\b/, 5],
    [/\bnew\s+[A-Z]\w*(<[^>]{0,120}>)?\(/, 1],
  ],
  go: [
    [/^[ \t]*package\s+\w+\s*$/m, 6],
    [/^[ \t]*func\s+(\(\w+\s+\*?\w+\)\s*)?\w+\s*\(/m, 6],
    [/^[ \t]*import\s*\(\s*$/m, 5],
    [/:=/, 2],
    [/\bfmt\.\w+\(/, 6],
    [/\bif\s+err\s*!=\s*nil\b/, 8],
    [/\bchan\b|\bgo\s+func\b|\bdefer\s+/, 3],
  ],
  rust: [
    [/^[ \t]*(pub(\(crate\))?\s+)?fn\s+\w+/m, 6],
    [/\blet\s+mut\s+/, 6],
    [/^[ \t]*use\s+(std|crate|super|self)::/m, 8],
    [/^[ \t]*impl(<[^>]{0,120}>)?\s+[\w:<>]+(\s+for\s+\w+)?\s*\{/m, 6],
    [/&self\b|&mut\s+self\b/, 6],
    [/\b(println|vec|format|writeln)!\(/, 6],
    [/^[ \t]*#\[derive\(/m, 8],
    [/->\s*(Self|Result<|Option<|[a-z]\d+\b)/, 3],
  ],
  c: [
    [/^[ \t]*#include\s*[<"][\w./]+\.h[>"]/m, 5],
    [/^[ \t]*#(define|ifdef|ifndef|endif|pragma)\b/m, 3],
    [/\b(int|void|char|double|float|long|unsigned|size_t|bool)\s+\*?\w+\s*\([^)\n]{0,300}\)[ \t]*\{?[ \t]*$/m, 3],
    [/\b(malloc|calloc|free|printf|fprintf|memcpy|strlen)\s*\(/, 4],
    [/\bstruct\s+\w+\s*\*/, 3],
    [/->\w+/, 2],
  ],
  cpp: [
    [/^[ \t]*#include\s*<(iostream|vector|string|map|memory|algorithm|queue|unordered_map|limits)>/m, 8],
    [/\bstd::\w+/, 8],
    [/^[ \t]*namespace\s+\w+\s*\{/m, 5],
    [/^[ \t]*template\s*</m, 6],
    [/\bclass\s+\w+(\s*:\s*(public|private|protected)\s+\w+)?\s*\{/, 3],
    [/\w{1,60}::\w+\s*\(/, 3],
    [/\b(cout|cin|endl|nullptr|constexpr|auto&?)\b/, 3],
  ],
  csharp: [
    [/^[ \t]*using\s+System(\.[\w.]+)?;/m, 8],
    [/^[ \t]*namespace\s+[\w.]+\s*(;|\{)?\s*$/m, 4],
    [/\{\s*get;\s*(set;|init;)?\s*\}/, 8],
    [/\bpublic\s+(async\s+)?(static\s+)?(Task|void|string|int|bool|decimal)(<[^>]{0,120}>)?\s+\w+\s*\(/, 3],
    [/\bConsole\.(Write|Read)/, 8],
    [/\bvar\s+\w+\s*=\s*new\b/, 2],
    [/\[(HttpGet|Fact|Test|Serializable|ApiController)[\]()]/, 6],
  ],
  ruby: [
    [/^[ \t]*def\s+(self\.)?\w+[?!=]?(\([^\n]{0,300}\))?\s*$/m, 4],
    [/^[ \t]*end\s*$/m, 3],
    [/^[ \t]*require(_relative)?\s+['"][^'"\n]{1,200}['"]/m, 6],
    [/^[ \t]*(module|class)\s+[A-Z]\w*(\s*<\s*[\w:]+)?\s*$/m, 4],
    [/\battr_(reader|writer|accessor)\b/, 8],
    [/\bputs\s/, 4],
    [/\bdo\s*\|[^|\n]{0,120}\|/, 6],
    [/^[ \t]*# frozen_string_literal: true/m, 10],
    [/\.each\b|\bunless\b|\belsif\b/, 3],
  ],
  php: [
    [/<\?php\b/, 20],
    [/\$\w+\s*=/, 2],
    [/\$this->/, 6],
    [/\bfunction\s+\w+\s*\(\s*(\??[\w\\]+\s+)?\$\w+/, 5],
    [/\becho\s/, 2],
  ],
  swift: [
    [/^[ \t]*import\s+(Foundation|UIKit|SwiftUI|Combine|XCTest)\s*$/m, 10],
    [/\bfunc\s+\w+\s*(<[^>\n]{0,80}>)?\s*\([^)]{0,300}\)\s*(async\s+)?(throws\s+)?(->\s*[\w?[\]:<>]{1,60}(\s?[\w?[\]:<>]{1,60}){0,4})?\s*\{/, 4],
    [/\bguard\s+.+\belse\s*\{/, 8],
    [/\blet\s+\w+\s*:\s*[A-Z]\w*/, 2],
    [/\b(struct|protocol|extension)\s+\w+(\s*:\s*[\w, ]{1,120})?\s*\{/, 3],
    [/@(Published|State|Binding|MainActor|objc)\b/, 8],
    [/\bif\s+let\s+\w+\s*=/, 6],
  ],
  dart: [
    [/^[ \t]*import\s+'(package|dart):[^']+';/m, 12],
    [/\bvoid\s+main\s*\(\s*\)/, 2],
    [/\bfinal\s+\w+(<[^>]{0,120}>)?\s+\w+\s*[;=]/, 3],
    [/\bFuture<[^>]{0,120}>\s+\w+\s*\(/, 5],
    [/@override\b/, 6],
    [/\bWidget\s+build\(/, 8],
    [/'\$\w+|\$\{[^}]+\}'/, 1],
  ],
  solidity: [
    [/^[ \t]*pragma\s+solidity\b/m, 20],
    [/^[ \t]*(abstract\s+)?contract\s+\w+(\s+is\s+[\w, ]{1,120})?\s*\{/m, 10],
    [/\b(uint256|uint\d*|address|bytes32|mapping\s*\()\b/, 4],
    [/\b(msg\.sender|block\.timestamp|emit\s+\w+)\b/, 6],
  ],
  css: [
    [/^[ \t]*[.#:]?[a-zA-Z][^{};\n]{0,200}\{[ \t]*$/m, 3],
    [/^[ \t]*[a-z-]{1,40}[ \t]*:[ \t]*[^;{}\n]{1,200};[ \t]*$/m, 3],
    [/^[ \t]*@(media|import|keyframes|font-face|supports)\b/m, 6],
    [/:(hover|focus|active|root|nth-child)\b/, 3],
    [/\b\d+(px|rem|em|vh|vw|%)\b/, 2],
  ],
  vue: [
    [/^[ \t]*<template(\s[^>]{0,120})?>/m, 10],
    [/^[ \t]*<script(\s+setup)?(\s+lang=["']ts["'])?\s*(setup)?\s*>/m, 5],
    [/\bdefineProps|defineEmits|export\s+default\s+(defineComponent\()?\{/, 4],
    [/\bv-(if|for|model|bind|on)\b|@click\b|:\w+="/, 4],
  ],
};

function score(code: string, lang: CodeLanguage): number {
  let s = 0;
  for (const [re, w] of SIGNALS[lang]) if (re.test(code)) s += w;
  return s;
}

/** Only the first part of a large input is looked at: enough to tell, bounded in time. */
const SAMPLE_CHARS = 20_000;

function scores(code: string): Map<CodeLanguage, number> {
  const sample = code.slice(0, SAMPLE_CHARS);
  const out = new Map<CodeLanguage, number>();
  for (const { id } of CODE_LANGUAGES) out.set(id, score(sample, id));
  const js = out.get('javascript')!;
  const ts = out.get('typescript')!;
  const jsx = /<\/[A-Za-z][\w.]*>|<[A-Z]\w*[\s/>]|\/>/.test(sample) && /\breturn\s*\(?\s*</.test(sample);
  // TypeScript parses JavaScript as well, so it is a candidate only with type evidence; TSX only with JSX as well.
  out.set('typescript', ts > 0 ? js + ts : 0);
  out.set('tsx', ts > 0 && jsx ? js + ts + 4 : 0);
  if (jsx && ts === 0) out.set('javascript', js + 4);
  // C++ parses most C: a candidate only with C++ evidence, and then it carries the C evidence too.
  const cpp = out.get('cpp')!;
  out.set('cpp', cpp > 0 ? cpp + out.get('c')! : 0);
  // PHP's grammar reads anything before `<?php` as inline HTML, so without the tag it is not PHP.
  if (!/<\?php\b/.test(sample)) out.set('php', 0);
  if (!/^[ \t]*<template|^[ \t]*<script/m.test(sample)) out.set('vue', 0);
  return out;
}

const SHEBANGS: [RegExp, CodeLanguage | null][] = [
  [/^#!.*\b(python[\d.]*)\b/, 'python'],
  [/^#!.*\b(node|deno|bun)\b/, 'javascript'],
  [/^#!.*\bruby\b/, 'ruby'],
  [/^#!.*\bphp\b/, 'php'],
  [/^#!.*\b(ba|z|k|da)?sh\b/, null],
];

/** At most this many parsers are tried on one input (the best-scoring ones). */
const MAX_CANDIDATES = 4;

async function syntaxErrors(lang: CodeLanguage, code: string): Promise<number> {
  const tree = await parseCode(lang, code.slice(0, SAMPLE_CHARS), 500);
  try {
    if (!tree.rootNode.hasError) return 0;
    return tree.rootNode.descendantsOfType('ERROR').length + countMissing(tree.rootNode);
  } finally {
    tree.delete();
  }
}

function countMissing(node: import('web-tree-sitter').Node): number {
  if (!node.hasError) return 0;
  let n = node.isMissing ? 1 : 0;
  for (const c of node.children) if (c) n += countMissing(c);
  return n;
}

export async function detectLanguage(code: string, opts: { hint?: string | null; filename?: string | null } = {}): Promise<Detection> {
  const hint = opts.hint && opts.hint !== 'auto' ? CODE_LANGUAGES.find((l) => l.id === opts.hint)?.id : undefined;
  if (hint) return { language: hint, method: 'hint', candidates: [] };
  const byName = opts.filename ? languageForFilename(opts.filename) : null;
  if (byName) return { language: byName, method: 'extension', candidates: [] };

  const firstLine = code.trimStart().split('\n', 1)[0] ?? '';
  for (const [re, lang] of SHEBANGS) {
    if (!re.test(firstLine)) continue;
    if (lang) return { language: lang, method: 'content', candidates: [] };
    return {
      language: null,
      method: 'content',
      candidates: [],
      reason: 'This looks like a shell script, and shell is not one of the languages the offline explainer parses.',
    };
  }

  const ranked = [...scores(code)]
    .filter(([, s]) => s > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_CANDIDATES);
  if (ranked.length === 0) return { language: null, method: 'content', candidates: [], reason: 'No programming language could be recognised in this text.' };
  const candidates: Detection['candidates'] = [];
  for (const [language, s] of ranked) candidates.push({ language, score: s, errors: await syntaxErrors(language, code) });
  // fewest syntax errors first; among equals, the stronger pattern evidence
  const best = [...candidates].sort((a, b) => a.errors - b.errors || b.score - a.score)[0];
  return { language: best.language, method: 'content', candidates };
}
