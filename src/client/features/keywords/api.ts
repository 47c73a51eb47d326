import type { HashtagResponse, KeywordResponse, MetaDescriptionResponse, MetaMode, Platform } from '@/shared/api/keywords';
import { apiJson, apiUpload, fileForm, InvalidReplyError } from '@/client/lib/api';
import { saveText } from '@/client/lib/download';

export const KEYWORDS_PATH = '/api/tools/keyword-extractor';
export const HASHTAGS_PATH = '/api/tools/hashtag-generator';
export const META_PATH = '/api/tools/seo-meta-description';

/** The text to work on: typed, or a .txt/.docx/.pdf file the server reads (its text comes back as `text`). */
export type Source = { text: string } | { file: File };

async function send<T>(path: string, source: Source, fields: Record<string, string | undefined>, valid: (r: T) => boolean): Promise<T> {
  const body = 'file' in source ? await apiUpload(path, fileForm(source.file, fields)) : await apiJson<T>('POST', path, { text: source.text, ...fields });
  if (!body || !valid(body as T)) throw new InvalidReplyError();
  return body as T;
}

export function extractKeywords(source: Source, max: number, group = false): Promise<KeywordResponse> {
  return send<KeywordResponse>(KEYWORDS_PATH, source, { max: String(max), ...(group ? { group: 'true' } : {}) }, (r) => Array.isArray(r.keyphrases));
}

export function makeHashtags(source: Source, platform: Platform, ai = false): Promise<HashtagResponse> {
  return send<HashtagResponse>(HASHTAGS_PATH, source, { platform, mode: ai ? 'ai' : 'offline' }, (r) => Array.isArray(r.hashtags));
}

export function writeMetaDescription(source: Source, focus: string, mode: MetaMode): Promise<MetaDescriptionResponse> {
  return send<MetaDescriptionResponse>(META_PATH, source, { focus: focus.trim() || undefined, mode }, (r) => Array.isArray(r.variants));
}

/** One CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ is neutralised for spreadsheets. */
export function csvField(v: string | number): string {
  let s = String(v);
  if (/^[=+\-@]/.test(s)) s = "'" + s;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function keywordsCsv(r: KeywordResponse): string {
  const rows = [['keyword', 'score', 'frequency', 'first_position']];
  for (const k of r.keyphrases) rows.push([k.phrase, String(k.score), String(k.frequency), String(k.firstPosition)]);
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Save text as a file (a CSV unless `type` says otherwise). */
export function downloadFile(name: string, content: string, type = 'text/csv;charset=utf-8'): void {
  saveText(name, content, type);
}
