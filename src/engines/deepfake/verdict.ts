/**
 * The verdict: one sentence that sums the findings by what they point to and how strongly, in that order:
 *
 *   strong AI finding            → "Content credentials say this image was made by an AI generator." (or metadata)
 *   moderate AI finding          → "Some signs point to AI generation: …"
 *   moderate edit finding        → "There are signs this image was edited or re-saved: …"
 *   weak AI/edit findings only   → "Only weak hints: … Genuine images show these too."
 *   signed camera capture        → "Content credentials say a camera captured this image, and they validate. …"
 *   nothing                      → "No signs found: this does not prove the image is real."
 *
 * Never a bare "fake" or "real": the offline signals can show that a file declares AI generation or carries traces
 * of editing, but cannot prove that an image without them is genuine.
 */
import type { Finding, Verdict } from './types';

const ORDER = { strong: 0, moderate: 1, weak: 2, none: 3 } as const;

/** Findings sorted the way the page lists them: strongest first, AI before edit before the rest. */
export function sortFindings(findings: Finding[]): Finding[] {
  const pointRank = { ai: 0, edit: 1, authentic: 2, info: 3 } as const;
  return [...findings].sort((a, b) => ORDER[a.strength] - ORDER[b.strength] || pointRank[a.points] - pointRank[b.points]);
}

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

export function verdictOf(findings: Finding[]): Verdict {
  const pick = (points: Finding['points'], strength: Finding['strength']) => findings.filter((f) => f.points === points && f.strength === strength);

  const strongAi = pick('ai', 'strong');
  if (strongAi.length) {
    const c2pa = strongAi.find((f) => f.signal === 'c2pa');
    if (c2pa?.id === 'c2pa.ingredient_ai') return { level: 'ai', sentence: 'Content credentials say part of this image was made by an AI generator.' };
    if (c2pa)
      return {
        level: 'ai',
        sentence: /composite/.test(c2pa.id)
          ? 'Content credentials say this image includes AI-generated elements.'
          : 'Content credentials say this image was made by an AI generator.',
      };
    const gen = strongAi.find((f) => f.id === 'metadata.generator');
    if (gen)
      return {
        level: 'ai',
        sentence: `The file’s metadata says it was made by an AI generator (${gen.title.replace(/^.*?: /, '')}). Metadata can be edited, but generators write it themselves.`,
      };
    return { level: 'ai', sentence: 'The file’s metadata declares it AI-generated. Metadata can be edited, but generators write it themselves.' };
  }
  const moderateAi = pick('ai', 'moderate');
  if (moderateAi.length)
    return { level: 'ai', sentence: `Some signs point to AI generation: ${moderateAi.map((f) => lower(f.title)).join('; ')}. None of them is proof.` };
  const moderateEdit = pick('edit', 'moderate');
  if (moderateEdit.length)
    return {
      level: 'edited',
      sentence: `There are signs this image was edited or re-saved: ${moderateEdit.map((f) => lower(f.title)).join('; ')}. Editing is common and is not by itself proof of deception.`,
    };
  const weak = findings.filter((f) => f.strength === 'weak' && (f.points === 'ai' || f.points === 'edit'));
  if (weak.length)
    return {
      level: 'signs',
      sentence: `Only weak hints: ${weak.map((f) => lower(f.title)).join('; ')}. Genuine images often show these too, so this neither proves nor rules out manipulation.`,
    };
  if (findings.some((f) => f.points === 'authentic' && f.signal === 'c2pa'))
    return {
      level: 'authentic',
      sentence:
        'Content credentials say a camera captured this image, and they validate. That vouches for the file’s history, not for what was in front of the camera.',
    };
  return { level: 'no_signs', sentence: 'No signs found: this does not prove the image is real.' };
}
