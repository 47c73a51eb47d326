/**
 * The languages the offline code explainer parses (one tree-sitter grammar each, from @repomix/tree-sitter-wasms),
 * with their file extensions. Plain constants with no imports, so the client bundle may read them too.
 */
export const CODE_LANGUAGES = [
  { id: 'javascript', name: 'JavaScript', wasm: 'javascript', extensions: ['js', 'mjs', 'cjs', 'jsx'] },
  { id: 'typescript', name: 'TypeScript', wasm: 'typescript', extensions: ['ts', 'mts', 'cts'] },
  { id: 'tsx', name: 'TypeScript (TSX)', wasm: 'tsx', extensions: ['tsx'] },
  { id: 'python', name: 'Python', wasm: 'python', extensions: ['py', 'pyw', 'pyi'] },
  { id: 'java', name: 'Java', wasm: 'java', extensions: ['java'] },
  { id: 'go', name: 'Go', wasm: 'go', extensions: ['go'] },
  { id: 'rust', name: 'Rust', wasm: 'rust', extensions: ['rs'] },
  { id: 'c', name: 'C', wasm: 'c', extensions: ['c', 'h'] },
  { id: 'cpp', name: 'C++', wasm: 'cpp', extensions: ['cpp', 'cc', 'cxx', 'c++', 'hpp', 'hh', 'hxx', 'h++', 'ino'] },
  { id: 'csharp', name: 'C#', wasm: 'c_sharp', extensions: ['cs', 'csx'] },
  { id: 'ruby', name: 'Ruby', wasm: 'ruby', extensions: ['rb', 'rake', 'gemspec'] },
  { id: 'php', name: 'PHP', wasm: 'php', extensions: ['php', 'phtml'] },
  { id: 'swift', name: 'Swift', wasm: 'swift', extensions: ['swift'] },
  { id: 'dart', name: 'Dart', wasm: 'dart', extensions: ['dart'] },
  { id: 'solidity', name: 'Solidity', wasm: 'solidity', extensions: ['sol'] },
  { id: 'css', name: 'CSS', wasm: 'css', extensions: ['css'] },
  { id: 'vue', name: 'Vue', wasm: 'vue', extensions: ['vue'] },
] as const;

export type CodeLanguage = (typeof CODE_LANGUAGES)[number]['id'];
export const CODE_LANGUAGE_IDS = CODE_LANGUAGES.map((l) => l.id) as [CodeLanguage, ...CodeLanguage[]];

export function languageName(id: string): string {
  return CODE_LANGUAGES.find((l) => l.id === id)?.name ?? id;
}

/** Lower-case extension of a file name ('src/App.TSX' → 'tsx'); '' when it has none. */
export function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The parsed language a file name's extension names, if any. */
export function languageForFilename(filename: string): CodeLanguage | null {
  const ext = extensionOf(filename);
  if (!ext) return null;
  return CODE_LANGUAGES.find((l) => (l.extensions as readonly string[]).includes(ext))?.id ?? null;
}

/**
 * Source files the page reads as text: the parsed languages' extensions plus other common source files, which the
 * language model modes can still explain (the offline explainer says when it has no grammar for them).
 */
export const SOURCE_EXTENSIONS = [
  ...CODE_LANGUAGES.flatMap((l) => l.extensions),
  'sh',
  'bash',
  'zsh',
  'ps1',
  'kt',
  'kts',
  'scala',
  'lua',
  'pl',
  'r',
  'sql',
  'html',
  'htm',
  'scss',
  'less',
  'json',
  'yaml',
  'yml',
  'toml',
  'xml',
  'md',
  'txt',
] as const;

/** Target languages offered by "generate code" (any language the model knows; these are the common ones). */
export const GENERATE_LANGUAGES = [
  'Python',
  'JavaScript',
  'TypeScript',
  'Java',
  'C#',
  'C++',
  'C',
  'Go',
  'Rust',
  'PHP',
  'Ruby',
  'Swift',
  'Kotlin',
  'Dart',
  'SQL',
  'Bash',
  'PowerShell',
  'HTML',
  'CSS',
  'Solidity',
] as const;
export type GenerateLanguage = (typeof GENERATE_LANGUAGES)[number];
