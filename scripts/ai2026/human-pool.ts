/**
 * Picks the human texts that the assistant-written corpus edits ("polished") or splices AI paragraphs into ("mixed").
 * Writes one pool file per writer under $OUT (default /tmp/ai2026-pool). Each text is named by `humanRef()` so the
 * corpus builder can find it again in ../shared without the corpus ever storing human text.
 * Usage: tsx scripts/ai2026/human-pool.ts [writers=7] [polishedPerWriter=35] [mixedPerWriter=25]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDetectionData, hash32, wordCount, type Sample } from '../detector-data';
import { humanGenre, humanRef, splitChunks } from './corpus-lib';

const writers = Number(process.argv[2] ?? 7);
const perPolished = Number(process.argv[3] ?? 35);
const perMixed = Number(process.argv[4] ?? 25);
const out = process.env.OUT ?? '/tmp/ai2026-pool';
mkdirSync(out, { recursive: true });

// seqxgpt is lower-cased and tokenised: an "improve this" edit of it would teach casing, not style.
const humans = loadDetectionData().filter((s) => s.label === 0 && s.source !== 'seqxgpt' && wordCount(s.text) >= 120 && wordCount(s.text) <= 650);
const byGenre = new Map<string, Sample[]>();
for (const s of humans) {
  const g = humanGenre(s);
  if (!byGenre.has(g)) byGenre.set(g, []);
  byGenre.get(g)!.push(s);
}
for (const list of byGenre.values()) list.sort((a, b) => hash32(`pool|${a.text}`) - hash32(`pool|${b.text}`));
// Round-robin over genres so every writer gets a spread of kinds of human writing.
const genres = [...byGenre.keys()].sort();
const picked: Sample[] = [];
const need = writers * (perPolished + perMixed);
for (let i = 0; picked.length < need; i++) {
  let any = false;
  for (const g of genres) {
    const s = byGenre.get(g)![i];
    if (s && picked.length < need) {
      picked.push(s);
      any = true;
    }
  }
  if (!any) break;
}
for (let w = 0; w < writers; w++) {
  const mine = picked.filter((_, i) => i % writers === w);
  const lines: string[] = [];
  mine.forEach((s, i) => {
    const use = i < perPolished ? 'polished' : 'mixed';
    lines.push(`## SOURCE ${humanRef(s.text)} genre=${humanGenre(s)} use=${use}`);
    if (use === 'polished') lines.push(s.text.trim());
    else splitChunks(s.text).forEach((c, k) => lines.push(`[H${k + 1}] ${c}`));
    lines.push('');
  });
  writeFileSync(join(out, `pool-${w + 1}.txt`), lines.join('\n'));
}
console.log(`${picked.length} human texts over ${genres.length} genres -> ${out}`);
console.log(genres.map((g) => `${g}:${byGenre.get(g)!.length}`).join(' '));
