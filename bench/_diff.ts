import { hash32, loadDetectionData } from '../scripts/detector-data';
import { rewrite, type RewriterTone } from '../src/engines/rewriter';
import { countWords } from '../src/engines/text';
const human = loadDetectionData().filter((s) => s.source === 'l2r_data' && s.label === 0 && !['Code', 'TravelTourism'].includes(s.domain));
const byDomain = new Map<string, string[]>();
for (const s of human) { if (countWords(s.text) < 80) continue; const l = byDomain.get(s.domain) ?? []; l.push(s.text); byDomain.set(s.domain, l); }
const texts: string[] = [];
for (const [, list] of [...byDomain].sort((a, b) => a[0].localeCompare(b[0]))) texts.push(...list.sort((a, b) => hash32(a) - hash32(b)).slice(0, 6));
texts.splice(100);
const half = process.argv[4] ?? 'dev';
const list = texts.filter((t) => (hash32(`tones-split:${t}`) % 2 === 0) === (half === 'dev'));
const tone = process.argv[2] as RewriterTone;
const kinds = process.argv[3] ? new Set(process.argv[3].split(',')) : null;
for (const [i, t] of list.entries()) {
  const r = rewrite(t, { tone });
  for (const c of r.changes) {
    if (kinds && !kinds.has(c.kind)) continue;
    const a = Math.max(0, c.start - 60), b = Math.min(t.length, c.end + 60);
    console.log(`#${i} [${c.kind}] …${t.slice(a, c.start)}⟦${t.slice(c.start, c.end)} → ${c.replacement}⟧${t.slice(c.end, b)}…`.replace(/\s+/g, ' '));
  }
}
