import type { SeoCheck, SeoLight, SeoResponse } from '@/shared/api/seo-score';

export const LIGHT_GROUPS: { light: SeoLight; title: string }[] = [
  { light: 'problem', title: 'Problems' },
  { light: 'ok', title: 'Improvements' },
  { light: 'good', title: 'Good results' },
];

export const byLight = (checks: SeoCheck[], light: SeoLight) => checks.filter((c) => c.light === light);

/** The report as plain text, for copying and the .txt download. */
export function reportText(r: SeoResponse, source: string): string {
  const lines = [
    `SEO score: ${r.score}/100 (SEO ${r.scores.seo}, readability ${r.scores.readability})`,
    `Analyzed: ${source}`,
    `Focus keyphrase: ${r.keyphrase ?? '(none)'}`,
    '',
    'Readability',
    `  Flesch reading ease: ${r.readability.fleschReadingEase}`,
    `  Flesch-Kincaid grade: ${r.readability.fleschKincaidGrade}`,
    `  Gunning fog: ${r.readability.gunningFog}`,
    `  SMOG: ${r.readability.smog}`,
    `  ${r.readability.words} words, ${r.readability.sentences} sentences, ${r.readability.wordsPerSentence} words per sentence`,
  ];
  for (const g of LIGHT_GROUPS) {
    const list = byLight(r.checks, g.light);
    if (!list.length) continue;
    lines.push('', `${g.title} (${list.length})`);
    for (const c of list) lines.push(`- ${c.label}: ${c.value}`, `  ${c.fix}`);
  }
  if (r.notChecked.length) {
    lines.push('', 'Not checked');
    for (const n of r.notChecked) lines.push(`- ${n.label}: ${n.reason}`);
  }
  return lines.join('\n') + '\n';
}

export { saveText as saveFile } from '@/client/lib/download';
