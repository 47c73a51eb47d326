/**
 * SEO score analyzer speed: the engine alone (analyzeSeo) on a 1,500-word HTML page and a 1,500-word Markdown post,
 * 200 runs each after a warm-up; prints p50 and p95 in ms.
 *
 *   npm run bench:seo-score
 */
import { analyzeSeo } from '../src/engines/seo-score';

const SENTENCES = [
  'Sourdough bread needs only flour, water and salt, but it asks for patience.',
  'However, the starter is the part that most beginners find hard.',
  'The dough is folded every half hour while it rises in a warm kitchen.',
  'For example, a loaf that was shaped too early often spreads flat in the oven.',
  'Bake it hot and let it cool completely before you cut the first slice.',
  'Many bakers keep notes on timings, temperatures and the flour they used.',
];
function prose(words: number): string[] {
  const paragraphs: string[] = [];
  let n = 0;
  let i = 0;
  while (n < words) {
    const p: string[] = [];
    for (let k = 0; k < 5; k++, i++) {
      const s = SENTENCES[i % SENTENCES.length]!;
      p.push(s);
      n += s.split(' ').length;
    }
    paragraphs.push(p.join(' '));
  }
  return paragraphs;
}

const paras = prose(1500);
const html = `<!doctype html><html><head><title>Sourdough bread for beginners: the complete guide</title>
<meta name="description" content="Bake sourdough bread at home: a simple starter, clear timings and the tips that make a good loaf, explained step by step."></head>
<body><nav><a href="/">Home</a></nav><main><h1>Sourdough bread for beginners</h1>
${paras.map((p, i) => `${i % 4 === 3 ? `<h2>Step ${i}</h2>` : ''}<p>${p} <a href="/guide-${i}">Guide ${i}</a>.</p>${i % 6 === 0 ? `<img src="/img${i}.jpg" alt="Loaf ${i}">` : ''}`).join('\n')}
</main><footer>(c)</footer></body></html>`;
const md = `---\ntitle: Sourdough bread for beginners\n---\n# Sourdough bread for beginners\n\n${paras.map((p, i) => `${i % 4 === 3 ? `## Step ${i}\n\n` : ''}${p} [Guide](/guide-${i}).`).join('\n\n')}`;

function bench(name: string, text: string) {
  const input = { text, keyphrase: 'sourdough bread', slug: 'https://bakery.example/sourdough-bread' };
  for (let i = 0; i < 20; i++) analyzeSeo(input);
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    analyzeSeo(input);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const r = analyzeSeo(input);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(
    `${name.padEnd(10)} ${String(r.document.words).padStart(5)} words  p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  (score ${r.score}, ${r.checks.length} checks)`,
  );
}

bench('HTML', html);
bench('Markdown', md);
