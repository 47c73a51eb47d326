/** Shared helpers for the assistant-written corpus (datasets/ai-2026). */
import { createHash } from 'node:crypto';
import type { Sample } from '../detector-data';

/** A stable name for a human text in ../shared: its source plus a hash of the text, never the text itself. */
export function humanRef(text: string): string {
  return `h:${createHash('sha256').update(text.trim()).digest('hex').slice(0, 16)}`;
}

const L2R_GENRE: Record<string, string> = {
  AcademicResearch: 'research-abstract',
  ArtCulture: 'culture-article',
  Business: 'business-writing',
  EducationMaterial: 'education-material',
  Entertainment: 'entertainment-article',
  Environmental: 'environment-article',
  Finance: 'finance-article',
  FoodCusine: 'food-writing',
  GovernmentPublic: 'government-text',
  LegalDocument: 'legal-text',
  LiteratureCreativeWriting: 'short-story',
  MedicalText: 'medical-text',
  NewsArticle: 'news-article',
  OnlineContent: 'blog-post',
  PersonalCommunication: 'personal-email',
  ProductReview: 'product-review',
  Religious: 'religious-text',
  Sports: 'sports-article',
  TechnicalWriting: 'technical-explanation',
};
const FDG_GENRE: Record<string, string> = {
  xsum: 'news-article',
  writing: 'short-story',
  pubmed: 'medical-text',
  squad: 'encyclopedia-entry',
};

/** The genre a human text belongs to, in the corpus's genre names, so genre-level splits cover both sides. */
export function humanGenre(s: Pick<Sample, 'source' | 'domain'>): string {
  if (s.source === 'outfox') return 'student-essay';
  if (s.source === 'l2r_data') return L2R_GENRE[s.domain] ?? `l2r-${s.domain}`;
  if (s.source === 'fast_detect_gpt') return FDG_GENRE[s.domain] ?? `fdg-${s.domain}`;
  return 'mixed-web';
}

/** Splits a human text into paragraphs, or into runs of about three sentences when it has none. */
export function splitChunks(text: string): string[] {
  const paras = text
    .split(/\n\s*\n|\n(?=\S)/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  if (paras.length >= 3) return paras;
  const sentences = text
    .replace(/\s+/g, ' ')
    .trim()
    .match(/[^.!?]+(?:[.!?]+["')\]]*|$)\s*/g) ?? [text];
  const chunks: string[] = [];
  for (let i = 0; i < sentences.length; i += 3)
    chunks.push(
      sentences
        .slice(i, i + 3)
        .join('')
        .trim(),
    );
  return chunks.filter(Boolean);
}

export type Voice = 'default' | 'styled' | 'polished' | 'mixed';
export const VOICES: Voice[] = ['default', 'styled', 'polished', 'mixed'];

/** One document as a writer wrote it (before the human parts of `mixed` documents are filled in). */
export interface RawDoc {
  genre: string;
  voice: Voice;
  prompt: string;
  style?: string;
  edit?: string;
  source?: string;
  mode?: string;
  /** For `mixed`: the text with `[[Hn]]` lines standing for the human source's chunk n. */
  body: string;
  file: string;
}

/**
 * Parses the writers' plain-text format:
 *   ### DOC
 *   genre: cover-letter
 *   voice: default
 *   prompt: …
 *   ---
 *   text
 *   ### END
 */
export function parseRaw(content: string, file: string): { docs: RawDoc[]; errors: string[] } {
  const docs: RawDoc[] = [];
  const errors: string[] = [];
  const blocks = content.split(/^### DOC[ \t]*$/m).slice(1);
  blocks.forEach((block, i) => {
    const where = `${file} doc ${i + 1}`;
    const endAt = block.search(/^### END[ \t]*$/m);
    if (endAt < 0) {
      errors.push(`${where}: no '### END'`);
      return;
    }
    const inner = block.slice(0, endAt);
    const sep = inner.search(/^---[ \t]*$/m);
    if (sep < 0) {
      errors.push(`${where}: no '---' line between header and text`);
      return;
    }
    const head: Record<string, string> = {};
    for (const line of inner.slice(0, sep).split('\n')) {
      const m = /^([a-z]+):\s*(.*)$/.exec(line.trim());
      if (m) head[m[1]] = m[2].trim();
    }
    const body = inner
      .slice(sep)
      .replace(/^---[ \t]*\n?/, '')
      .trim();
    const voice = head.voice as Voice;
    if (!VOICES.includes(voice)) errors.push(`${where}: voice must be one of ${VOICES.join(', ')}`);
    if (!head.genre) errors.push(`${where}: no genre`);
    if (!head.prompt) errors.push(`${where}: no prompt`);
    if (!body) errors.push(`${where}: empty text`);
    if (voice === 'styled' && !head.style) errors.push(`${where}: styled needs 'style:'`);
    if (voice === 'polished' && (!head.source || !head.edit)) errors.push(`${where}: polished needs 'source:' and 'edit:'`);
    if (voice === 'mixed') {
      if (!head.source || !head.mode) errors.push(`${where}: mixed needs 'source:' and 'mode:'`);
      const refs = [...body.matchAll(/^\[\[H(\d+)\]\]$/gm)].map((m) => Number(m[1]));
      if (refs.length === 0) errors.push(`${where}: mixed needs [[Hn]] lines`);
      for (let k = 1; k < refs.length; k++) if (refs[k] <= refs[k - 1]) errors.push(`${where}: [[Hn]] out of order`);
      const aiPart = body.replace(/^\[\[H\d+\]\]$/gm, '').trim();
      if (!aiPart) errors.push(`${where}: mixed has no AI paragraph`);
    }
    if (/^\s*(#{1,6}\s|\*\*)/m.test(body)) errors.push(`${where}: markdown heading or bold; write plain text`);
    docs.push({
      genre: head.genre,
      voice,
      prompt: head.prompt,
      style: head.style,
      edit: head.edit,
      source: head.source,
      mode: head.mode,
      body,
      file,
    });
  });
  return { docs, errors };
}
