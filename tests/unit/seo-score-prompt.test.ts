import { describe, expect, it } from 'vitest';
import { analyzeSeo, BANDS, pixelWidth } from '../../src/engines/seo-score';
import { measureSuggestions, rewriteItems, seoSuggestionsPrompt, type SuggestionsPromptInput } from '../../src/engines/seo-score/prompt';

const LONG =
  'When you bake sourdough bread at home for the very first time you will probably notice that the dough behaves quite differently from the yeasted doughs you already know well.';
const PASSIVE = 'The loaf was baked by my grandmother every Sunday.';
const INTRO = 'Baking at home is a slow pleasure. It rewards patience.';

const base: SuggestionsPromptInput = {
  text: [INTRO, LONG, PASSIVE].join('\n\n'),
  keyphrase: 'sourdough bread',
  title: 'Home baking',
  metaDescription: undefined,
  checks: [
    { id: 'keyphrase_in_title', light: 'problem', message: 'Keyphrase in title: Not in the title. Put “sourdough bread” in the title.' },
    { id: 'meta_description', light: 'problem', message: 'Meta description: None found. Write one.' },
    { id: 'keyphrase_in_introduction', light: 'problem', message: 'Keyphrase in introduction: Not in the first paragraph.' },
    { id: 'sentence_length', light: 'problem', message: 'Sentence length: 50 % of sentences over 20 words.' },
    { id: 'passive_voice', light: 'ok', message: 'Passive voice: 12 % of sentences.' },
    { id: 'internal_links', light: 'problem', message: 'Internal links: none. Link to related pages.' },
  ],
  introduction: INTRO,
  longSentences: [LONG],
  passiveSentences: [PASSIVE],
};
const promptText = (p: SuggestionsPromptInput) =>
  seoSuggestionsPrompt(p)
    .map((m) => m.content)
    .join('\n');

describe('seoSuggestionsPrompt', () => {
  it('asks for an "original → suggestion" rewrite of each weak item, with the keyphrase and the length rules', () => {
    const [system, user] = seoSuggestionsPrompt(base);
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('original → suggestion');
    expect(system!.content).toMatch(/do not invent numbers, names/i);
    expect(user!.content).toContain('Focus keyphrase: "sourdough bread"');
    expect(user!.content).toContain('SEO title: Home baking → <a new SEO title of at most 60 characters, containing the focus keyphrase "sourdough bread">');
    expect(user!.content).toContain(
      `Meta description: (none) → <a new meta description of ${BANDS.metaDescription.min}–${BANDS.metaDescription.max} characters`,
    );
    expect(user!.content).toContain('Introduction: Baking at home is a slow pleasure. → <a new first sentence');
    expect(user!.content).toContain(`Sentence: ${LONG} → <the same content in shorter sentences of at most 20 words>`);
    expect(user!.content).toContain(`Sentence: ${PASSIVE} → <the same sentence in the active voice`);
    // the checks' messages travel with their ids; a link problem is context, not a rewrite
    expect(user!.content).toContain('- sentence_length (problem): Sentence length: 50 % of sentences over 20 words.');
    expect(user!.content).toContain('- passive_voice (improvement)');
    expect(user!.content).toMatch(/internal_links cannot be fixed by a rewrite/);
    expect(user!.content).toContain('Page text (the only facts you may use):\nBaking at home');
  });

  it('asks only for the weak items: a good title, meta or voice is not rewritten', () => {
    const p = { ...base, checks: base.checks.filter((c) => c.id === 'sentence_length') };
    expect(rewriteItems(p)).toEqual({ title: false, meta: false, intro: false, long: [LONG], passive: [] });
    const text = promptText(p);
    expect(text).not.toContain('SEO title:');
    expect(text).not.toContain('Meta description:');
    expect(text).not.toContain('Introduction:');
    expect(text).not.toContain(PASSIVE + ' →');
    expect(text).toContain(`Sentence: ${LONG} →`);
  });

  it('without a keyphrase, keeps to the topic and does not ask for one; with no items, rewrites the text sent', () => {
    const text = promptText({ ...base, keyphrase: undefined, checks: [], longSentences: [], passiveSentences: [] });
    expect(text).toContain('No focus keyphrase was given');
    expect(text).not.toContain('containing the focus keyphrase');
    expect(text).toContain('Sentence: <each sentence of the text that is long, passive or unclear>');
  });

  it('does not ask twice for a sentence that is both long and passive', () => {
    const both = LONG.replace('you will probably notice', 'it will probably be noticed by you');
    const text = promptText({ ...base, longSentences: [both], passiveSentences: [both, PASSIVE] });
    expect(text.split(`Sentence: ${both} →`).length).toBe(2);
  });
});

describe('measureSuggestions', () => {
  it('takes the suggestion after the arrow and measures it by the analyzer’s rules, keeping a miss flagged', () => {
    const meta = 'Bake sourdough bread at home with a simple starter, clear timings and the small tips that turn a first attempt into a loaf to be proud of.';
    const wide = 'WWWW sourdough bread MMMM WWWW MMMM WWWW MMMM WWWW MMMM WWWW';
    const answer = [`SEO title: Home baking → ${wide}`, `Meta description: (none) → "${meta}"`, `Sentence: ${LONG} → Sourdough behaves differently.`].join(
      '\n',
    );
    const [title, desc] = measureSuggestions(answer, 'sourdough bread');
    expect(title).toMatchObject({ kind: 'title', text: wide, chars: wide.length, pixels: pixelWidth(wide), light: 'problem', hasKeyphrase: true });
    expect(title!.pixels).toBeGreaterThan(BANDS.titlePixels);
    expect(title!.note).toBe('wider than 600 px: search results cut it off');
    expect(title!.value).toBe(`${wide.length} characters, about ${pixelWidth(wide)} px of 600 px`);
    expect(desc).toMatchObject({ kind: 'meta_description', text: meta, chars: meta.length, pixels: null, light: 'good', hasKeyphrase: true });
    expect(desc!.note).toBe('within 120–158 characters');
  });

  it('agrees with the analyzer on the same title and description', () => {
    const t = 'Sourdough bread';
    const m = 'Short description of sourdough bread.';
    const report = analyzeSeo({ text: '<p>Sourdough bread is bread.</p>', title: t, metaDescription: m, keyphrase: 'sourdough bread' });
    const [title, desc] = measureSuggestions(`SEO title: x → ${t}\nMeta description: x → ${m}`, 'sourdough bread');
    const check = (id: string) => report.checks.find((c) => c.id === id)!;
    expect(title!.light).toBe(check('seo_title').light);
    expect(title!.value).toBe(check('seo_title').value);
    expect(desc!.light).toBe(check('meta_description').light);
    expect(desc!.value).toBe(check('meta_description').value);
    expect(desc!.note).toBe('shorter than 120 characters');
  });

  it('flags a suggestion without the keyphrase (stemmed, like the analyzer), and reads "->" and bullets', () => {
    const [t] = measureSuggestions('- SEO title: Old -> A guide to baking breads of sourdough', 'sourdough bread');
    expect(t!.text).toBe('A guide to baking breads of sourdough');
    expect(t!.hasKeyphrase).toBe(true);
    const [u] = measureSuggestions('SEO title: A guide to rye loaves at home for beginners', 'sourdough bread');
    expect(u!.hasKeyphrase).toBe(false);
    expect(measureSuggestions('Nothing to measure here.')).toEqual([]);
  });
});

describe('the report quotes the weak parts', () => {
  it('returns the introduction and the long and passive sentences', () => {
    const md = `# Sourdough\n\n${INTRO}\n\n${LONG} ${PASSIVE} Short one here.`;
    const r = analyzeSeo({ text: md, format: 'markdown' });
    expect(r.excerpts.introduction).toBe(INTRO);
    expect(r.excerpts.longSentences).toEqual([LONG]);
    expect(r.excerpts.passiveSentences).toEqual([PASSIVE]);
  });
});
