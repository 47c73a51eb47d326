/**
 * "Rewrite bullet points with action verbs and numbers", with the language model. A model asked for numbers will
 * happily make them up, so the prompt forbids it: every fact stays, and where a figure would help but the user gave
 * none, the model writes a placeholder such as [X %] for the user to fill in. The answer is checked too:
 * inventedNumbers() lists any figure in a rewritten bullet that the original does not have, and the page shows it.
 */
import type { ChatMessage } from '../llm/client';

export interface BulletRewriteInput {
  bullets: string[];
  title?: string;
  organization?: string;
}

export function bulletRewritePrompt(input: BulletRewriteInput): ChatMessage[] {
  const n = input.bullets.length;
  const role = [input.title, input.organization].filter(Boolean).join(' at ');
  return [
    {
      role: 'system',
      content:
        'You improve resume bullet points. Rewrite each bullet so that it starts with a strong past-tense action verb ' +
        '(present tense only if the bullet is clearly about a current job), is concise (at most about 25 words), and leads with the result. ' +
        'Keep every fact, number, name, tool and technology exactly as in the original. Never invent numbers, percentages, ' +
        'amounts, dates, team sizes, clients or results. Where a number would make the bullet stronger but the original has none, ' +
        'write a placeholder in square brackets for the user to fill in, such as [X %], [N users], [$X] or [N people]. ' +
        `Answer with exactly ${n} line${n === 1 ? '' : 's'}, one rewritten bullet per line, in the same order as the input, ` +
        'each starting with "- ". No other text, no numbering, no blank lines. Write in the language of the bullets.',
    },
    {
      role: 'user',
      content: `${role ? `<role>\n${role}\n</role>\n\n` : ''}<bullets>\n${input.bullets.map((b) => `- ${b}`).join('\n')}\n</bullets>`,
    },
  ];
}

/** The model's lines as bullets: list markers and numbering removed, blank lines and any preamble line ending in ':' dropped. */
export function parseBulletRewrite(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/:$/.test(l))
    .map((l) => l.replace(/^(?:[-•*·▪◦]|\d+[.)])\s*/, '').trim())
    .filter(Boolean);
}

/** Figures in a text, outside [placeholders]: "40 %", "$1.2M", "3", "2,500" (not the digits of a name such as p95 or S3). */
function figures(text: string): string[] {
  const outside = text.replace(/\[[^\]]*\]/g, ' ');
  return (outside.match(/(?<![\p{L}\d])\d[\d,.]*/gu) ?? []).map((n) => n.replace(/[.,]+$/, '').replace(/,/g, ''));
}

/** Figures in `rewritten` that `original` does not contain (the model invented them). */
export function inventedNumbers(original: string, rewritten: string): string[] {
  const known = new Set(figures(original));
  return [...new Set(figures(rewritten).filter((n) => !known.has(n)))];
}
