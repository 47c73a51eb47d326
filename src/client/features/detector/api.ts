import { apiRequest, apiUpload, fileForm, InvalidReplyError } from '@/client/lib/api';
import { rememberReceipt } from '../history/receipts';
import type { DetectResponse } from '@/shared/api/detector';
import { sentenceTone, VERDICT_TEXT } from '@/shared/detector-verdicts';

export const DETECT_PATH = '/api/tools/content-detector';

/** A detection reply is usable only if it carries a numeric score; otherwise 'Received invalid response format from server'. */
export function isDetectResponse(x: unknown): x is DetectResponse {
  const r = x as DetectResponse;
  return !!r && typeof r === 'object' && typeof r.score === 'number' && Array.isArray(r.sentences) && Array.isArray(r.analysis);
}

export { InvalidReplyError };

export async function detectText(text: string): Promise<DetectResponse> {
  const res = await apiRequest('POST', DETECT_PATH, { text });
  const body: unknown = await res.json();
  if (!isDetectResponse(body)) throw new InvalidReplyError();
  // a logged-in user's answer comes with the receipt that lets it be saved as a report
  rememberReceipt(body, 'ai_content_detector', res);
  return body;
}

/** Multipart upload; the server extracts the text from .txt, .docx or .pdf. */
export async function detectFile(file: File): Promise<DetectResponse> {
  let answer: Response | null = null;
  const body = await apiUpload(DETECT_PATH, fileForm(file), undefined, (res) => (answer = res));
  if (!isDetectResponse(body)) throw new InvalidReplyError();
  if (answer) rememberReceipt(body, 'ai_content_detector', answer);
  return body;
}

/** SPEC's score colours for an AI probability: above 0.7 red, above 0.4 amber, else green. */
export function scoreTone(score: number): 'red' | 'amber' | 'green' {
  return sentenceTone({ score });
}

// Text shades are the 700s for amber and green: their 600s are under 4.5:1 on white (axe, e2e/accessibility.spec.ts).
export const TONE_CLASSES = {
  red: { text: 'text-red-600', bg: 'bg-red-100', ring: 'stroke-red-500', mark: 'bg-red-100 decoration-red-400' },
  amber: { text: 'text-amber-700', bg: 'bg-amber-100', ring: 'stroke-amber-500', mark: 'bg-amber-100 decoration-amber-400' },
  green: { text: 'text-emerald-700', bg: 'bg-emerald-100', ring: 'stroke-emerald-500', mark: 'bg-transparent decoration-transparent' },
} as const;

export const VERDICT_LABELS: Record<DetectResponse['verdict'], { title: string; detail: string }> = {
  ai: { title: VERDICT_TEXT.ai, detail: 'The writing shows strong, consistent signs of machine generation.' },
  human: { title: VERDICT_TEXT.human, detail: 'The writing looks like a person wrote it.' },
  mixed: {
    title: VERDICT_TEXT.mixed,
    detail: 'Some passages look machine-generated and others human-written. The highlighted sentences are the ones that look AI-generated.',
  },
  uncertain: {
    title: VERDICT_TEXT.uncertain,
    detail: 'The signals are not strong enough for a reliable verdict. Treat this result as inconclusive, not as evidence.',
  },
};
