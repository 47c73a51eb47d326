import { describe, expect, it } from 'vitest';
import {
  analyzeSeo,
  countSyllables,
  detectFormat,
  hasTransition,
  isPassive,
  parseDocument,
  pixelWidth,
  readability,
  stem,
  type AnalyzeInput,
} from '../../src/engines/seo-score';
import type { SeoLight } from '../../src/shared/api/seo-score';
import { SeoRequest } from '../../src/shared/api/seo-score';

/** The light of one check, or 'skipped' when it was not run. */
function light(input: AnalyzeInput, id: string): SeoLight | 'skipped' {
  const r = analyzeSeo(input);
  const c = r.checks.find((x) => x.id === id);
  return c ? c.light : 'skipped';
}
const check = (input: AnalyzeInput, id: string) => {
  const c = analyzeSeo(input).checks.find((x) => x.id === id);
  if (!c) throw new Error(`no check ${id}`);
  return c;
};

/** n sentences of plain, short, active prose (8 words each), without the keyphrase. */
const filler = (n: number, word = 'garden') => Array.from({ length: n }, (_, i) => `We like to plant a ${word} every spring ${i}.`).join(' ');
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 50}`).join(' ');

describe('syllables and readability formulas', () => {
  it('counts syllables of common words', () => {
    const cases: [string, number][] = [
      ['cat', 1],
      ['table', 2],
      ['jumped', 1],
      ['wanted', 2],
      ['beautiful', 3],
      ['readability', 5],
      ['optimization', 5],
      ['radio', 3],
      ['nation', 2],
      ['yesterday', 3],
      ['university', 5],
    ];
    for (const [w, n] of cases) expect(countSyllables(w), w).toBe(n);
  });

  it('computes Flesch reading ease, Flesch–Kincaid grade, Gunning fog and SMOG', () => {
    // 2 sentences, 10 words, 12 syllables
    const r = readability(['The cat sat on the mat.', 'It was a happy day.']);
    expect(r.words).toBe(11);
    expect(r.sentences).toBe(2);
    const wps = r.words / 2;
    const spw = r.syllables / r.words;
    expect(r.fleschReadingEase).toBeCloseTo(206.835 - 1.015 * wps - 84.6 * spw, 0);
    expect(r.fleschKincaidGrade).toBeCloseTo(Math.max(0, 0.39 * wps + 11.8 * spw - 15.59), 0);
    expect(r.gunningFog).toBeCloseTo(0.4 * wps, 1);
    // hard text reads harder on every scale
    const hard = readability([
      'Comprehensive organizational restructuring necessitates extraordinarily sophisticated interdepartmental communication methodologies.',
    ]);
    expect(hard.fleschReadingEase).toBeLessThan(0);
    expect(hard.fleschKincaidGrade).toBeGreaterThan(r.fleschKincaidGrade + 10);
    expect(hard.gunningFog).toBeGreaterThan(r.gunningFog + 10);
    expect(hard.smog).toBeGreaterThan(r.smog);
  });
});

describe('format and document', () => {
  it('detects HTML and Markdown', () => {
    expect(detectFormat('<p>Hello</p>')).toBe('html');
    expect(detectFormat('# Hello\n\nSome *text* with 3 < 4.')).toBe('markdown');
  });

  it('reads the content of a page, not its scripts, navigation or footer', () => {
    const doc = parseDocument(
      '<html><head><title>T</title><script>var x = "<p>no</p>";</script></head><body><nav>Menu Home</nav><main><h1>Head</h1><p>Body text.</p></main><footer>Legal</footer></body></html>',
    );
    expect(doc.docTitle).toBe('T');
    const texts = doc.blocks.filter((b) => b.inContent).map((b) => b.text);
    expect(texts).toEqual(['Head', 'Body text.']);
  });

  it('reads Markdown headings, front matter, images and relative links', () => {
    const doc = parseDocument('---\ntitle: "My post"\ndescription: About it\n---\nIntro with [a guide](guide/x) here.\n\nSub\n---\n\n![A cat](cat.png)\n');
    expect(doc.docTitle).toBe('My post');
    expect(doc.metaDescription).toBe('About it');
    expect(doc.blocks.find((b) => b.kind === 'heading')).toMatchObject({ level: 2, text: 'Sub' });
    expect(doc.images).toEqual([{ src: 'cat.png', alt: 'A cat' }]);
    expect(doc.links).toEqual([{ href: 'guide/x', text: 'a guide' }]);
  });
});

describe('keyphrase checks', () => {
  const kp = 'sourdough bread';
  it('asks for a keyphrase when none is given', () => {
    const r = analyzeSeo({ text: filler(5) });
    expect(r.checks.find((c) => c.id === 'keyphrase')?.light).toBe('problem');
    expect(r.notChecked.map((n) => n.id)).toContain('keyphrase_checks');
  });

  it('keyphrase length', () => {
    expect(light({ text: filler(3), keyphrase: kp }, 'keyphrase_length')).toBe('good');
    expect(light({ text: filler(3), keyphrase: 'one two three four five six' }, 'keyphrase_length')).toBe('ok');
    expect(light({ text: filler(3), keyphrase: 'a b c d e f g h i j k l' }, 'keyphrase_length')).toBe('problem');
  });

  it('keyphrase in title: at the start, elsewhere, missing', () => {
    expect(light({ text: filler(3), keyphrase: kp, title: 'Sourdough bread for beginners' }, 'keyphrase_in_title')).toBe('good');
    expect(light({ text: filler(3), keyphrase: kp, title: 'A beginner guide to the perfect loaf of sourdough bread' }, 'keyphrase_in_title')).toBe('ok');
    const c = check({ text: filler(3), keyphrase: kp, title: 'Baking at home' }, 'keyphrase_in_title');
    expect(c.light).toBe('problem');
    expect(c.fix).toContain('“Sourdough bread: Baking at home”');
    // word forms match ("breads")
    expect(light({ text: filler(3), keyphrase: kp, title: 'Sourdough breads explained' }, 'keyphrase_in_title')).toBe('good');
  });

  it('keyphrase in introduction: in a sentence, split across sentences, missing', () => {
    expect(light({ text: `Sourdough bread is easy to bake.\n\n${filler(3)}`, keyphrase: kp }, 'keyphrase_in_introduction')).toBe('good');
    expect(light({ text: `We love sourdough. The bread is great.\n\n${filler(3)}`, keyphrase: kp }, 'keyphrase_in_introduction')).toBe('ok');
    expect(light({ text: `${filler(2)}\n\nSourdough bread is easy.`, keyphrase: kp }, 'keyphrase_in_introduction')).toBe('problem');
  });

  it('keyphrase in subheadings', () => {
    const md = (heads: string[]) => heads.map((h) => `## ${h}\n\n${filler(2)}`).join('\n\n');
    expect(light({ text: md(['Why sourdough bread', 'Tools', 'Timing']), keyphrase: kp }, 'keyphrase_in_subheadings')).toBe('good');
    expect(light({ text: md(['Tools', 'Timing', 'Flour']), keyphrase: kp }, 'keyphrase_in_subheadings')).toBe('problem');
    expect(
      light({ text: md(['Sourdough bread A', 'Sourdough bread B', 'Sourdough bread C', 'Sourdough bread D']), keyphrase: kp }, 'keyphrase_in_subheadings'),
    ).toBe('ok');
    expect(light({ text: md(['Sourdough bread A', 'b', 'c', 'd', 'e']), keyphrase: kp }, 'keyphrase_in_subheadings')).toBe('ok');
    expect(light({ text: filler(3), keyphrase: kp }, 'keyphrase_in_subheadings')).toBe('skipped');
  });

  it('keyphrase in slug, from a slug, a path or a URL', () => {
    expect(light({ text: filler(3), keyphrase: kp, slug: 'sourdough-bread-guide' }, 'keyphrase_in_slug')).toBe('good');
    expect(light({ text: filler(3), keyphrase: kp, slug: 'https://x.example/blog/sourdough-bread.html?x=1' }, 'keyphrase_in_slug')).toBe('good');
    expect(light({ text: filler(3), keyphrase: kp, slug: '/blog/sourdough-starter' }, 'keyphrase_in_slug')).toBe('ok');
    const c = check({ text: filler(3), keyphrase: kp, slug: 'post-123' }, 'keyphrase_in_slug');
    expect(c.light).toBe('problem');
    expect(c.fix).toContain('/sourdough-bread');
    expect(light({ text: filler(3), keyphrase: kp }, 'keyphrase_in_slug')).toBe('skipped');
  });

  it('keyphrase density bands: none, under 0.5 %, 0.5–3 %, over 3 %', () => {
    const with_ = (n: number, total: number) => `${Array.from({ length: n }, () => 'Sourdough bread is good.').join(' ')} ${words(total - 4 * n)}.`;
    expect(check({ text: with_(0, 400), keyphrase: kp }, 'keyphrase_density').light).toBe('problem');
    expect(check({ text: with_(1, 400), keyphrase: kp }, 'keyphrase_density').light).toBe('ok'); // 0.25 %
    const good = check({ text: with_(4, 400), keyphrase: kp }, 'keyphrase_density'); // 1 %
    expect(good.light).toBe('good');
    expect(good.value).toBe('1 % (4 times in 400 words)');
    const stuffed = check({ text: with_(20, 400), keyphrase: kp }, 'keyphrase_density'); // 5 %
    expect(stuffed.light).toBe('problem');
    expect(stuffed.fix).toContain('at most 12 times');
  });

  it('keyphrase in meta description', () => {
    expect(light({ text: filler(3), keyphrase: kp, metaDescription: 'How to bake sourdough bread at home.' }, 'keyphrase_in_meta_description')).toBe('good');
    expect(light({ text: filler(3), keyphrase: kp, metaDescription: 'How to bake at home.' }, 'keyphrase_in_meta_description')).toBe('problem');
  });
});

describe('page checks', () => {
  it('text length', () => {
    expect(light({ text: words(350) }, 'text_length')).toBe('good');
    expect(light({ text: words(250) }, 'text_length')).toBe('ok');
    expect(light({ text: words(50) }, 'text_length')).toBe('problem');
  });

  it('SEO title length in characters and pixels', () => {
    expect(pixelWidth('iiii')).toBeLessThan(pixelWidth('WWWW'));
    expect(light({ text: filler(2), title: 'How to bake sourdough bread at home in five steps' }, 'seo_title')).toBe('good');
    expect(light({ text: filler(2), title: 'Sourdough' }, 'seo_title')).toBe('ok');
    const long = check({ text: filler(2), title: 'WHY EVERY HOME BAKER SHOULD MASTER SOURDOUGH BREAD BEFORE ANYTHING ELSE' }, 'seo_title');
    expect(long.light).toBe('problem');
    expect(long.value).toMatch(/px of 600 px/);
    expect(light({ text: filler(2) }, 'seo_title')).toBe('problem');
    // the <title> of pasted HTML, else its H1
    expect(analyzeSeo({ text: '<title>From the head of the page, long enough</title><p>x</p>' }).document.titleSource).toBe('html');
    expect(analyzeSeo({ text: '<h1>From the H1</h1><p>x</p>' }).document.titleSource).toBe('h1');
  });

  it('meta description length: 120–158 characters', () => {
    const d = (n: number) => 'a'.repeat(n);
    expect(light({ text: filler(2), metaDescription: d(140) }, 'meta_description')).toBe('good');
    expect(light({ text: filler(2), metaDescription: d(80) }, 'meta_description')).toBe('ok');
    expect(light({ text: filler(2), metaDescription: d(200) }, 'meta_description')).toBe('problem');
    expect(light({ text: filler(2) }, 'meta_description')).toBe('problem');
    expect(light({ text: `<meta name="description" content="${d(130)}"><p>x</p>` }, 'meta_description')).toBe('good');
  });

  it('heading structure: one H1, no skipped levels', () => {
    expect(light({ text: '<h1>A</h1><p>x</p><h2>B</h2><p>y</p><h3>C</h3>' }, 'heading_structure')).toBe('good');
    expect(light({ text: '<h2>B</h2><p>y</p>' }, 'heading_structure')).toBe('problem');
    expect(light({ text: '<h1>A</h1><h1>B</h1><p>y</p>' }, 'heading_structure')).toBe('ok');
    const skip = check({ text: '<h1>A</h1><p>x</p><h2>B</h2><h4>D</h4><p>y</p>' }, 'heading_structure');
    expect(skip.light).toBe('ok');
    expect(skip.fix).toContain('H2 → H4');
  });

  it('internal and external links', () => {
    const html =
      '<p>See <a href="/guide">the guide</a>, <a href="https://www.site.example/x">this</a> and <a href="https://other.example">that</a>. <a href="#top">Top</a> <a href="mailto:a@b.c">mail</a></p>';
    const r = analyzeSeo({ text: html, slug: 'https://site.example/post' });
    expect(r.document.internalLinks).toBe(2);
    expect(r.document.externalLinks).toBe(1);
    expect(r.checks.find((c) => c.id === 'internal_links')?.light).toBe('good');
    expect(light({ text: '<p>No links here.</p>' }, 'internal_links')).toBe('problem');
    expect(light({ text: '<p>No links here.</p>' }, 'external_links')).toBe('ok');
    // navigation links are not the content's
    expect(analyzeSeo({ text: '<nav><a href="/a">A</a></nav><main><p>Text.</p></main>' }).document.internalLinks).toBe(0);
  });

  it('images with alt text', () => {
    expect(light({ text: '<p>x</p><img src="a.png" alt="A sourdough bread loaf">', keyphrase: 'sourdough bread' }, 'images')).toBe('good');
    expect(light({ text: '<p>x</p><img src="a.png" alt="A loaf">', keyphrase: 'sourdough bread' }, 'images')).toBe('ok');
    const missing = check({ text: '<p>x</p><img src="a.png" alt="A loaf"><img src="b.png">' }, 'images');
    expect(missing.light).toBe('problem');
    expect(missing.value).toBe('1 of 2 images with alt text');
    expect(missing.fix).toContain('b.png');
    expect(light({ text: '<p>x</p>' }, 'images')).toBe('ok');
  });
});

describe('readability checks', () => {
  it('Flesch reading ease', () => {
    expect(light({ text: 'The cat sat on the mat. It was a warm day. We had fun.' }, 'flesch_reading_ease')).toBe('good');
    const hard =
      'Comprehensive organizational restructuring necessitates extraordinarily sophisticated interdepartmental communication methodologies. Institutional accountability considerations predominantly characterize contemporary administrative deliberations.';
    expect(light({ text: hard }, 'flesch_reading_ease')).toBe('problem');
  });

  it('sentence length: share of sentences over 20 words', () => {
    const long = `Start ${words(24)}.`;
    const short = 'This is short.';
    const mix = (l: number, s: number) => [...Array(l).fill(long), ...Array(s).fill(short)].join(' ');
    expect(light({ text: mix(1, 9) }, 'sentence_length')).toBe('good');
    expect(light({ text: mix(3, 7) }, 'sentence_length')).toBe('ok'); // 30 %
    const c = check({ text: mix(5, 5) }, 'sentence_length');
    expect(c.light).toBe('problem');
    expect(c.value).toBe('50 % of sentences over 20 words (5 of 10)');
  });

  it('paragraph length', () => {
    expect(light({ text: `${words(100)}.\n\n${words(100)}.` }, 'paragraph_length')).toBe('good');
    expect(light({ text: `${words(170)}.\n\n${words(20)}.` }, 'paragraph_length')).toBe('ok');
    expect(light({ text: `${words(230)}.\n\n${words(20)}.` }, 'paragraph_length')).toBe('problem');
  });

  it('passive voice: be/get + participle, irregular participles too', () => {
    expect(isPassive('The cake was eaten by the dog.')).toBe(true);
    expect(isPassive('The report is not always written on time.')).toBe(true);
    expect(isPassive('The window got broken.')).toBe(true);
    expect(isPassive('The tool is used daily.')).toBe(true);
    expect(isPassive('The dog ate the cake.')).toBe(false);
    expect(isPassive('She is in bed.')).toBe(false);
    expect(isPassive('It is red and it was a hundred years old.')).toBe(false);
    const active =
      'The dog ate the cake. We wrote the report. She fixed the car. They baked bread. I read a book. He sang loudly. We ran home. You made tea. They built a shed. She won.';
    expect(light({ text: active }, 'passive_voice')).toBe('good');
    const passive =
      'The cake was eaten. The report was written. The car was fixed. The bread was baked. I read a book. He sang loudly. We ran home. You made tea. They built a shed. She won.';
    const c = check({ text: passive }, 'passive_voice');
    expect(c.light).toBe('problem');
    expect(c.fix).toContain('“The cake was eaten”');
  });

  it('transition words and phrases', () => {
    expect(hasTransition('However, it rained.')).toBe(true);
    expect(hasTransition('It rained. As a result, we stayed in.')).toBe(true);
    expect(hasTransition('The dog barked.')).toBe(false);
    const plain = 'The dog barked. The cat ran. The bird sang. The sun rose. The wind blew.';
    expect(light({ text: plain }, 'transition_words')).toBe('problem');
    const linked = 'First, the dog barked. Then the cat ran. However, the bird sang. The sun rose. The wind blew.';
    expect(light({ text: linked }, 'transition_words')).toBe('good');
  });

  it('subheading distribution: a subheading every ~300 words', () => {
    expect(light({ text: `${words(200)}.` }, 'subheading_distribution')).toBe('good');
    expect(light({ text: `${words(500)}.` }, 'subheading_distribution')).toBe('problem');
    expect(light({ text: `## A\n\n${words(250)}.\n\n## B\n\n${words(250)}.` }, 'subheading_distribution')).toBe('good');
    expect(light({ text: `## A\n\n${words(320)}.\n\n## B\n\n${words(50)}.` }, 'subheading_distribution')).toBe('ok');
    expect(light({ text: `## A\n\n${words(400)}.\n\n## B\n\n${words(50)}.` }, 'subheading_distribution')).toBe('problem');
  });
});

describe('score', () => {
  it('is 0–100 from the lights, higher for a well-optimised page', () => {
    const good = `<html><head><title>Sourdough bread: a simple guide for home bakers</title>
<meta name="description" content="${'Learn to bake sourdough bread at home with a simple starter, clear timings and tips that work in any kitchen, step by step for beginners.'}"></head>
<body><main><h1>Sourdough bread for beginners</h1><p>Sourdough bread is easier than it looks. First, you need a starter.</p>
<img src="loaf.jpg" alt="A sourdough bread loaf"><h2>Your sourdough bread starter</h2><p>${filler(20)} For example, see <a href="/starter">our starter guide</a> and <a href="https://en.wikipedia.org/wiki/Sourdough">the history</a>.</p>
<h2>Baking day</h2><p>${filler(15, 'rose')} However, bake the sourdough bread hot. Then let it cool.</p></main></body></html>`;
    const bad =
      '<p>' + 'Things that were done by people were considered by committees which were established in accordance with regulations. '.repeat(3) + '</p>';
    const g = analyzeSeo({ text: good, keyphrase: 'sourdough bread', slug: 'https://bakery.example/sourdough-bread' });
    const b = analyzeSeo({ text: bad, keyphrase: 'sourdough bread' });
    expect(g.score).toBeGreaterThanOrEqual(80);
    expect(b.score).toBeLessThan(40);
    for (const r of [g, b]) {
      expect(r.score).toBeGreaterThanOrEqual(0);
      expect(r.score).toBeLessThanOrEqual(100);
    }
    // every check carries a value and a fix
    for (const c of [...g.checks, ...b.checks]) {
      expect(c.value.length).toBeGreaterThan(0);
      expect(c.fix.length).toBeGreaterThan(10);
    }
  });

  it('stays fast and bounded on hostile input', () => {
    const t0 = performance.now();
    analyzeSeo({ text: '<div>'.repeat(20000) + 'x'.repeat(100000) + '<p a="'.repeat(1000), keyphrase: 'x' });
    analyzeSeo({ text: `${'word '.repeat(60000)}`, keyphrase: 'word' });
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});

describe('contract', () => {
  it('needs text or a URL; in URL mode the URL stands in for the text', () => {
    expect(SeoRequest.safeParse({ text: '   ' }).success).toBe(false);
    const r = SeoRequest.parse({ url: 'https://example.com/a', keyphrase: ' x ' });
    expect(r.text).toBe('https://example.com/a');
    expect(r.keyphrase).toBe('x');
    expect(r.format).toBe('auto');
    expect(SeoRequest.safeParse({ text: 'x', format: 'pdf' }).success).toBe(false);
  });

  it('stems inflections alike', () => {
    expect(stem('breads')).toBe(stem('bread'));
    expect(stem('optimizing')).toBe(stem('optimize'));
    expect(stem('running')).toBe(stem('run'));
  });
});
