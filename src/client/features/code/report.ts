import type { CodeExplainResponse, CodeSymbolDto } from '@/shared/api/code';

/** File extension of generated code, by target language (for the download). */
export const GENERATED_EXTENSIONS: Record<string, string> = {
  Python: 'py',
  JavaScript: 'js',
  TypeScript: 'ts',
  Java: 'java',
  'C#': 'cs',
  'C++': 'cpp',
  C: 'c',
  Go: 'go',
  Rust: 'rs',
  PHP: 'php',
  Ruby: 'rb',
  Swift: 'swift',
  Kotlin: 'kt',
  Dart: 'dart',
  SQL: 'sql',
  Bash: 'sh',
  PowerShell: 'ps1',
  HTML: 'html',
  CSS: 'css',
  Solidity: 'sol',
};

export const signature = (s: CodeSymbolDto) => (s.params ? `${s.name}(${s.params.join(', ')})` : s.name);
export const lineRange = (s: CodeSymbolDto) => (s.startLine === s.endLine ? `line ${s.startLine}` : `lines ${s.startLine}–${s.endLine}`);

function outlineLines(symbols: CodeSymbolDto[], depth = 0): string[] {
  return symbols.flatMap((s) => [
    `${'  '.repeat(depth)}- ${s.kind} ${signature(s)} (${lineRange(s)}${s.complexity !== null ? `, complexity ${s.complexity}` : ''})`,
    ...outlineLines(s.children, depth + 1),
  ]);
}

/** The explanation as Markdown: walk-through, outline, imports (for copy and download). */
export function explanationMarkdown(r: CodeExplainResponse): string {
  const parts = [`# Code explanation (${r.languageName})`, '', '## Walk-through', '', ...r.walkthrough.flatMap((p) => [p, ''])];
  if (r.symbols.length) parts.push('## Outline', '', ...outlineLines(r.symbols), '');
  if (r.imports.length) parts.push('## Imports', '', ...r.imports.map((i) => `- ${i.source} (line ${i.line})`), '');
  return parts.join('\n');
}

/** Complexity bands: up to 5 simple, up to 10 moderate, above 10 worth splitting. */
export function complexityBand(c: number): 'low' | 'moderate' | 'high' {
  return c <= 5 ? 'low' : c <= 10 ? 'moderate' : 'high';
}
