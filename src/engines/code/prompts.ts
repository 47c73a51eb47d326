/**
 * Language-model prompts of the code tool: generate code from a description, and explain code in prose. The user's
 * text travels only inside the user message, between markers. The prose explanation is grounded in the parser's
 * outline when there is one, so the model is told what the file contains before it reads it.
 */
import type { ChatMessage } from '../llm';
import type { CodeExplanation } from './index';

export function codeGeneratePrompt(description: string, language: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        `You are a careful senior software engineer. Write ${language} code that does what the user describes. ` +
        'Write complete, idiomatic, runnable code with the imports it needs; handle errors and edge cases the description implies; ' +
        'add brief comments only where the reason for a choice is not obvious. Do not invent APIs or libraries: if the description needs ' +
        'something you are unsure exists, use the standard library or say so in a comment. ' +
        `Answer with the ${language} code only, in a single fenced code block, with no explanation before or after it.`,
    },
    { role: 'user', content: `<description>\n${description}\n</description>` },
  ];
}

/** A few lines the model gets before the code: language, items with their lines, imports (from the offline explainer). */
export function outlineForPrompt(x: CodeExplanation): string {
  const lines: string[] = [`Language: ${x.languageName}. ${x.lines.total} lines.`];
  const walk = (items: CodeExplanation['symbols'], depth: number) => {
    for (const s of items) {
      if (lines.length > 60) return;
      const params = s.params ? `(${s.params.join(', ')})` : '';
      lines.push(`${'  '.repeat(depth)}- ${s.kind} ${s.name}${params}, lines ${s.startLine}-${s.endLine}`);
      walk(s.children, depth + 1);
    }
  };
  walk(x.symbols, 0);
  if (x.imports.length) lines.push(`Imports: ${[...new Set(x.imports.map((i) => i.source))].slice(0, 20).join(', ')}`);
  return lines.join('\n');
}

export function codeExplainPrompt(code: string, opts: { language?: string | null; outline?: string | null } = {}): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You explain source code to a developer who has not seen it. Start with one or two sentences on what the code as a whole does, ' +
        'then walk through its main parts in the order they appear (name each function or class you discuss, with its line numbers when ' +
        'the outline gives them), then note anything risky or surprising (bugs, unhandled errors, security issues, performance traps). ' +
        'Explain only what the code shows: when its purpose depends on code that is not included, say so instead of guessing. ' +
        'Use short paragraphs or bullet points in plain Markdown; quote identifiers in backticks; do not repeat the whole code.' +
        (opts.language ? ` The code is ${opts.language}.` : ''),
    },
    {
      role: 'user',
      content: (opts.outline ? `<outline from a parser>\n${opts.outline}\n</outline>\n\n` : '') + `<code>\n${code}\n</code>`,
    },
  ];
}

/** The model was asked for one fenced block; keep what is inside it (or the whole answer when it sent bare code). */
export function stripCodeFence(text: string): string {
  const t = text.trim();
  const m = /^```[\w+#.-]*[ \t]*\r?\n([\s\S]*?)\r?\n?```\s*$/.exec(t);
  if (m) return m[1];
  const inner = /```[\w+#.-]*[ \t]*\r?\n([\s\S]*?)\r?\n```/.exec(t);
  return inner ? inner[1] : t;
}
