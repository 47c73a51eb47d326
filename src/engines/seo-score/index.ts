/**
 * The SEO score analyzer: readability and on-page SEO checks of one page (pasted HTML, Markdown or plain text), each
 * a traffic light with the measured value and a concrete fix, and a 0–100 score from the lights. Pure and offline;
 * written for this project (the bands follow the common SEO-plugin conventions, the code and word lists are ours).
 */
import type { SeoCheck, SeoDocumentSummary, SeoGroup, SeoLight, SeoNotChecked, SeoReport } from '../../shared/api/seo-score';
import { parseDocument, plainInline, type DocBlock, type SeoDocument } from './document';
import {
  hasKeyphrase,
  hasTransition,
  isPassive,
  keyphraseCount,
  keyphraseOf,
  keyphraseWordsIn,
  pixelWidth,
  readability,
  sentencesOf,
  wordsOf,
  type Keyphrase,
} from './measure';

export { countSyllables } from './syllables';
export { parseDocument, detectFormat } from './document';
export { hasKeyphrase, hasTransition, isPassive, keyphraseOf, pixelWidth, readability, stem } from './measure';

export interface AnalyzeInput {
  text: string;
  format?: 'auto' | 'html' | 'markdown';
  keyphrase?: string;
  /** the SEO title; else the page's <title>, front matter title or first H1 */
  title?: string;
  metaDescription?: string;
  /** the slug, a path or a whole URL */
  slug?: string;
  /** the page's address (URL mode): the slug and which links are internal */
  pageUrl?: string;
}

/** The bands of every check, in one place (the tests and the README quote them). */
export const BANDS = {
  density: { min: 0.5, max: 3 },
  sentenceWords: 20,
  longSentenceShare: { good: 25, ok: 30 },
  paragraphWords: { ok: 150, problem: 200 },
  passiveShare: { good: 10, ok: 15 },
  transitionShare: { good: 30, ok: 20 },
  sectionWords: { ok: 300, problem: 350 },
  titlePixels: 600,
  titleMinChars: 30,
  metaDescription: { min: 120, max: 158 },
  textWords: { good: 300, ok: 200 },
  flesch: { good: 60, ok: 50 },
  keyphraseWords: { good: 4, ok: 8 },
  subheadingShare: { min: 30, max: 75 },
} as const;

const pct = (n: number) => `${Math.round(n * 10) / 10} %`;
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const quote = (raw: string, max = 60) => {
  // a sentence's own full stop would double the one that ends the fix
  const s = raw.replace(/[.!?]+$/, '');
  return `“${s.length > max ? `${s.slice(0, max - 1)}…` : s}”`;
};

export function analyzeSeo(input: AnalyzeInput): SeoReport {
  const doc = parseDocument(input.text, input.format ?? 'auto');
  const kp = keyphraseOf(input.keyphrase);
  const checks: SeoCheck[] = [];
  const notChecked: SeoNotChecked[] = [];
  const add = (group: SeoGroup, id: string, label: string, light: SeoLight, value: string, fix: string) => checks.push({ id, group, label, light, value, fix });
  const skip = (id: string, label: string, reason: string) => notChecked.push({ id, label, reason });

  const content = doc.blocks.filter((b) => b.inContent);
  const prose = content.filter((b) => b.kind === 'paragraph' || b.kind === 'item');
  const sentences = prose.flatMap((b) => sentencesOf(b.text));
  const figures = readability(sentences);
  const headingBlocks = (doc.format === 'html' ? doc.blocks : content).filter((b) => b.kind === 'heading');
  const subheadings = content.filter((b) => b.kind === 'heading' && (b.level === 2 || b.level === 3));
  const paragraphs = content.filter((b) => b.kind === 'paragraph');
  const totalWords = figures.words + content.filter((b) => b.kind === 'heading').reduce((n, b) => n + wordsOf(b.text).length, 0);

  const title = pickTitle(input.title, doc, headingBlocks);
  const meta = input.metaDescription ?? doc.metaDescription ?? null;
  const slugSource = input.slug ?? input.pageUrl ?? doc.canonical ?? null;
  const slug = slugSource ? slugOf(slugSource) : null;
  const site = siteHost(input.slug, input.pageUrl, doc.canonical);
  const links = classifyLinks(doc, site);

  // ------------------------------------------------------------ keyphrase
  const kpChecks = 'Keyphrase in title, introduction, subheadings, slug, meta description and density';
  if (!kp) {
    add(
      'seo',
      'keyphrase',
      'Focus keyphrase',
      'problem',
      'None set',
      'Enter the search phrase this page should rank for as the focus keyphrase: the keyphrase checks need it.',
    );
    skip('keyphrase_checks', kpChecks, 'No focus keyphrase was given.');
  } else {
    const n = kp.words;
    if (n <= BANDS.keyphraseWords.good) add('seo', 'keyphrase_length', 'Keyphrase length', 'good', plural(n, 'word'), 'A short, focused keyphrase: good.');
    else
      add(
        'seo',
        'keyphrase_length',
        'Keyphrase length',
        n <= BANDS.keyphraseWords.ok ? 'ok' : 'problem',
        plural(n, 'word'),
        `Shorten the keyphrase to the ${BANDS.keyphraseWords.good} or fewer words people actually search for; long phrases rarely appear whole in a text.`,
      );
    keyphraseChecks(kp);
  }

  function keyphraseChecks(kp: Keyphrase) {
    // title
    if (!title) skip('keyphrase_in_title', 'Keyphrase in title', 'The page has no title (see SEO title).');
    else {
      const titleWords = wordsOf(title.text);
      const found = keyphraseWordsIn(kp, title.text);
      const early = hasKeyphrase(kp, titleWords.slice(0, kp.words + 2).join(' '));
      if (found === kp.stems.length && early)
        add('seo', 'keyphrase_in_title', 'Keyphrase in title', 'good', `At the start of ${quote(title.text)}`, 'The title opens with the keyphrase: good.');
      else if (found === kp.stems.length)
        add(
          'seo',
          'keyphrase_in_title',
          'Keyphrase in title',
          'ok',
          `In ${quote(title.text)}, not at the start`,
          `Move “${kp.text}” to the beginning of the title: searchers scan its first words.`,
        );
      else
        add(
          'seo',
          'keyphrase_in_title',
          'Keyphrase in title',
          'problem',
          found ? `${found} of ${kp.stems.length} keyphrase words in the title` : 'Not in the title',
          `Put “${kp.text}” in the title, ideally at its start, e.g. “${capitalize(kp.text)}: ${title.text}”.`,
        );
    }
    // introduction
    const intro = paragraphs[0] ?? prose[0];
    if (!intro) skip('keyphrase_in_introduction', 'Keyphrase in introduction', 'The page has no paragraph of text.');
    else if (sentencesOf(intro.text).some((s) => hasKeyphrase(kp, s)))
      add('seo', 'keyphrase_in_introduction', 'Keyphrase in introduction', 'good', 'In the first paragraph', 'The first paragraph uses the keyphrase: good.');
    else if (hasKeyphrase(kp, intro.text))
      add(
        'seo',
        'keyphrase_in_introduction',
        'Keyphrase in introduction',
        'ok',
        'Its words are in the first paragraph, but not in one sentence',
        `Use “${kp.text}” within one sentence of the first paragraph, so it is clear what the page is about.`,
      );
    else
      add(
        'seo',
        'keyphrase_in_introduction',
        'Keyphrase in introduction',
        'problem',
        `Not in the first paragraph (${quote(intro.text, 50)})`,
        `Mention “${kp.text}” in the first paragraph, preferably in its first sentence.`,
      );
    // subheadings
    if (!subheadings.length)
      skip('keyphrase_in_subheadings', 'Keyphrase in subheadings', 'The text has no H2 or H3 subheadings (see Subheading distribution).');
    else {
      const m = subheadings.filter((h) => hasKeyphrase(kp, h.text)).length;
      const share = (100 * m) / subheadings.length;
      const value = `${m} of ${plural(subheadings.length, 'H2/H3 subheading')}`;
      if (m === 0)
        add(
          'seo',
          'keyphrase_in_subheadings',
          'Keyphrase in subheadings',
          'problem',
          value,
          `Use “${kp.text}” (or its words) in one or more H2 or H3 subheadings, e.g. ${quote(subheadings[0]!.text)}.`,
        );
      else if (share > BANDS.subheadingShare.max && subheadings.length > 2)
        add(
          'seo',
          'keyphrase_in_subheadings',
          'Keyphrase in subheadings',
          'ok',
          value,
          'Nearly every subheading repeats the keyphrase: reword some so they describe their section in other words.',
        );
      else if (share < BANDS.subheadingShare.min)
        add(
          'seo',
          'keyphrase_in_subheadings',
          'Keyphrase in subheadings',
          'ok',
          value,
          `Use “${kp.text}” in a few more subheadings: about a third to three quarters of them is the aim.`,
        );
      else add('seo', 'keyphrase_in_subheadings', 'Keyphrase in subheadings', 'good', value, 'The keyphrase appears in a good share of the subheadings.');
    }
    // slug
    if (!slug) skip('keyphrase_in_slug', 'Keyphrase in slug', 'No slug or page URL was given.');
    else {
      const found = keyphraseWordsIn(kp, slug.replace(/[-_+.]/g, ' '));
      const suggested = wordsOf(kp.text).join('-');
      if (found === kp.stems.length) add('seo', 'keyphrase_in_slug', 'Keyphrase in slug', 'good', `/${slug}`, 'The slug holds the keyphrase: good.');
      else
        add(
          'seo',
          'keyphrase_in_slug',
          'Keyphrase in slug',
          found ? 'ok' : 'problem',
          `/${slug}${found ? ` (${found} of ${kp.stems.length} keyphrase words)` : ''}`,
          `Use the keyphrase in the slug, e.g. /${suggested} (and redirect the old address if the page is live).`,
        );
    }
    // density
    const countIn = (blocks: DocBlock[]) => blocks.reduce((n, b) => n + sentencesOf(b.text).reduce((k, s) => k + keyphraseCount(kp, s), 0), 0);
    const count = countIn(content.filter((b) => b.kind !== 'code'));
    if (!totalWords) skip('keyphrase_density', 'Keyphrase density', 'The page has no text.');
    else {
      const density = (100 * count) / totalWords;
      const target = Math.max(1, Math.ceil((BANDS.density.min / 100) * totalWords));
      const most = Math.max(1, Math.floor((BANDS.density.max / 100) * totalWords));
      const value = `${pct(density)} (${plural(count, 'time')} in ${plural(totalWords, 'word')})`;
      if (count === 0)
        add(
          'seo',
          'keyphrase_density',
          'Keyphrase density',
          'problem',
          value,
          `The keyphrase never appears in the text: use “${kp.text}” about ${target}–${Math.max(target, Math.min(most, target * 2))} times.`,
        );
      else if (density < BANDS.density.min)
        add(
          'seo',
          'keyphrase_density',
          'Keyphrase density',
          'ok',
          value,
          `Use “${kp.text}” a little more: at least ${plural(target, 'time')} in a text of this length (0.5–3 %).`,
        );
      else if (density > BANDS.density.max)
        add(
          'seo',
          'keyphrase_density',
          'Keyphrase density',
          'problem',
          value,
          `Over-optimised: use “${kp.text}” at most ${plural(most, 'time')} here and vary the wording with synonyms.`,
        );
      else add('seo', 'keyphrase_density', 'Keyphrase density', 'good', value, 'The keyphrase density is within 0.5–3 %: good.');
    }
    // meta description
    if (!meta) skip('keyphrase_in_meta_description', 'Keyphrase in meta description', 'The page has no meta description (see Meta description).');
    else if (hasKeyphrase(kp, meta))
      add(
        'seo',
        'keyphrase_in_meta_description',
        'Keyphrase in meta description',
        'good',
        'In the meta description',
        'The meta description uses the keyphrase: good.',
      );
    else
      add(
        'seo',
        'keyphrase_in_meta_description',
        'Keyphrase in meta description',
        'problem',
        'Not in the meta description',
        `Use “${kp.text}” in the meta description: search engines show the words a searcher typed in bold.`,
      );
  }

  // ------------------------------------------------------------ page
  if (totalWords >= BANDS.textWords.good) add('seo', 'text_length', 'Text length', 'good', plural(totalWords, 'word'), 'Enough text to cover the topic: good.');
  else
    add(
      'seo',
      'text_length',
      'Text length',
      totalWords >= BANDS.textWords.ok ? 'ok' : 'problem',
      plural(totalWords, 'word'),
      `Add about ${BANDS.textWords.good - totalWords} more words: pages under ${BANDS.textWords.good} words rarely rank for anything competitive.`,
    );

  if (!title)
    add(
      'seo',
      'seo_title',
      'SEO title',
      'problem',
      'None found',
      'Add a <title> (or fill in the SEO title): the clickable headline of the search result, about 50–60 characters.',
    );
  else {
    const { px, value, light } = titleVerdict(title.text);
    if (light === 'problem')
      add(
        'seo',
        'seo_title',
        'SEO title',
        'problem',
        value,
        `Shorten the title by about ${Math.ceil((px - BANDS.titlePixels) / 9)} characters: search results cut it off after about ${BANDS.titlePixels} px.`,
      );
    else if (light === 'ok')
      add(
        'seo',
        'seo_title',
        'SEO title',
        'ok',
        value,
        'The title is short: use the room (up to about 60 characters) for words searchers use, such as a benefit or the brand.',
      );
    else add('seo', 'seo_title', 'SEO title', 'good', value, 'The title fits the search result: good.');
  }

  const { min: dMin, max: dMax } = BANDS.metaDescription;
  if (!meta)
    add(
      'seo',
      'meta_description',
      'Meta description',
      'problem',
      'None found',
      `Write a meta description of ${dMin}–${dMax} characters that sums up the page and invites the click.`,
    );
  else {
    const { chars, value, light } = metaVerdict(meta);
    if (light === 'ok')
      add(
        'seo',
        'meta_description',
        'Meta description',
        'ok',
        value,
        `Lengthen the meta description by about ${dMin - chars} characters (${dMin}–${dMax} is the aim).`,
      );
    else if (light === 'problem')
      add(
        'seo',
        'meta_description',
        'Meta description',
        'problem',
        value,
        `Cut the meta description by ${chars - dMax} characters: search results truncate it after about ${dMax}.`,
      );
    else add('seo', 'meta_description', 'Meta description', 'good', value, `Within ${dMin}–${dMax} characters: good.`);
  }

  headingStructure();
  function headingStructure() {
    const h1 = headingBlocks.filter((h) => h.level === 1).length;
    const skips: string[] = [];
    let prev = 0;
    for (const h of headingBlocks) {
      if (prev && h.level > prev + 1) skips.push(`H${prev} → H${h.level} at ${quote(h.text, 40)}`);
      prev = h.level;
    }
    const value = `${plural(h1, 'H1')}, ${plural(headingBlocks.length - h1, 'other heading')}${skips.length ? `, ${plural(skips.length, 'skipped level')}` : ''}`;
    if (h1 === 0 && doc.format === 'markdown' && title && title.source !== 'h1')
      add(
        'seo',
        'heading_structure',
        'Heading structure',
        'ok',
        value,
        'No H1 in the text: fine if your site prints the title as the H1; otherwise start the text with one “# Title” heading.',
      );
    else if (h1 === 0)
      add(
        'seo',
        'heading_structure',
        'Heading structure',
        'problem',
        value,
        'Add one H1 heading with the page’s main topic (and the keyphrase) at the top of the content.',
      );
    else if (h1 > 1) add('seo', 'heading_structure', 'Heading structure', 'ok', value, `Use one H1 only: turn the other ${h1 - 1} into H2 subheadings.`);
    else if (skips.length)
      add(
        'seo',
        'heading_structure',
        'Heading structure',
        'ok',
        value,
        `Don’t skip heading levels (${skips[0]}): use the next level down, so the outline reads in order.`,
      );
    else add('seo', 'heading_structure', 'Heading structure', 'good', value, 'One H1 and subheadings in order: good.');
  }

  const linkValue = `${plural(links.internal, 'internal link')}, ${plural(links.external, 'external link')}`;
  if (links.internal > 0) add('seo', 'internal_links', 'Internal links', 'good', linkValue, 'The text links to other pages of the site: good.');
  else
    add(
      'seo',
      'internal_links',
      'Internal links',
      'problem',
      linkValue,
      site
        ? `Link to one or more related pages on ${site}, so readers and crawlers find them.`
        : 'Link to one or more related pages of your site (relative links like /guide count as internal).',
    );
  if (links.external > 0) add('seo', 'external_links', 'External links', 'good', linkValue, 'The text cites outside sources: good.');
  else add('seo', 'external_links', 'External links', 'ok', linkValue, 'Link to one or two trustworthy outside sources that back up your claims.');

  const imgs = doc.images.length;
  const withAlt = doc.images.filter((i) => i.alt).length;
  const kpAlt = kp ? doc.images.some((i) => i.alt && hasKeyphrase(kp, i.alt)) : false;
  if (!imgs)
    add(
      'seo',
      'images',
      'Images and alt text',
      'ok',
      'No images',
      'Add at least one relevant image with descriptive alt text: it helps readers and image search.',
    );
  else if (withAlt < imgs) {
    const missing = doc.images.find((i) => !i.alt);
    add(
      'seo',
      'images',
      'Images and alt text',
      'problem',
      `${withAlt} of ${plural(imgs, 'image')} with alt text`,
      `Describe every image in its alt attribute (${imgs - withAlt} missing${missing?.src ? `, e.g. ${quote(missing.src, 50)}` : ''})${kp && !kpAlt ? `, and use “${kp.text}” in one where it fits` : ''}.`,
    );
  } else if (kp && !kpAlt)
    add(
      'seo',
      'images',
      'Images and alt text',
      'ok',
      `${plural(imgs, 'image')}, all with alt text`,
      `Every image has alt text; use “${kp.text}” in the alt text of one image where it describes it.`,
    );
  else add('seo', 'images', 'Images and alt text', 'good', `${plural(imgs, 'image')}, all with alt text`, 'Every image has alt text: good.');

  // ------------------------------------------------------------ readability
  const sectionWords = sections(content);
  const longest = Math.max(0, ...sectionWords);
  if (!subheadings.length) {
    if (figures.words <= BANDS.sectionWords.ok)
      add(
        'readability',
        'subheading_distribution',
        'Subheading distribution',
        'good',
        'No subheadings; a short text',
        'A short text needs no subheadings: fine.',
      );
    else
      add(
        'readability',
        'subheading_distribution',
        'Subheading distribution',
        'problem',
        `No H2/H3 subheadings in ${plural(figures.words, 'word')}`,
        `Break the text up with H2/H3 subheadings, one every ${BANDS.sectionWords.ok} words or so (about ${Math.ceil(figures.words / BANDS.sectionWords.ok)} here).`,
      );
  } else {
    const over = sectionWords.filter((w) => w > BANDS.sectionWords.ok).length;
    const value = `Longest section ${plural(longest, 'word')}`;
    if (longest > BANDS.sectionWords.problem)
      add(
        'readability',
        'subheading_distribution',
        'Subheading distribution',
        'problem',
        value,
        `${plural(over, 'section is', 'sections are')} over ${BANDS.sectionWords.ok} words: add a subheading in the middle of each.`,
      );
    else if (longest > BANDS.sectionWords.ok)
      add(
        'readability',
        'subheading_distribution',
        'Subheading distribution',
        'ok',
        value,
        `${plural(over, 'section is', 'sections are')} a little over ${BANDS.sectionWords.ok} words: consider one more subheading.`,
      );
    else
      add(
        'readability',
        'subheading_distribution',
        'Subheading distribution',
        'good',
        value,
        `No section is longer than ${BANDS.sectionWords.ok} words: good.`,
      );
  }

  if (!sentences.length)
    skip('readability_checks', 'Reading ease, sentence and paragraph length, passive voice, transition words', 'The page has no sentences of text.');
  else {
    const fre = figures.fleschReadingEase;
    const value = `${fre} (${fleschBand(fre)}); grade ${figures.fleschKincaidGrade}`;
    if (fre >= BANDS.flesch.good) add('readability', 'flesch_reading_ease', 'Flesch reading ease', 'good', value, 'Easy enough for most readers: good.');
    else
      add(
        'readability',
        'flesch_reading_ease',
        'Flesch reading ease',
        fre >= BANDS.flesch.ok ? 'ok' : 'problem',
        value,
        'Hard to read: use shorter sentences and shorter, everyday words (aim for 60 or more).',
      );

    const counts = sentences.map((s) => wordsOf(s).length);
    const long = counts.filter((c) => c > BANDS.sentenceWords).length;
    const share = (100 * long) / sentences.length;
    const sValue = `${pct(share)} of sentences over ${BANDS.sentenceWords} words (${long} of ${sentences.length})`;
    const longestSentence = sentences[counts.indexOf(Math.max(...counts))]!;
    if (share <= BANDS.longSentenceShare.good) add('readability', 'sentence_length', 'Sentence length', 'good', sValue, 'Few long sentences: good.');
    else
      add(
        'readability',
        'sentence_length',
        'Sentence length',
        share <= BANDS.longSentenceShare.ok ? 'ok' : 'problem',
        sValue,
        `Split long sentences (at most ${BANDS.longSentenceShare.good} % should exceed ${BANDS.sentenceWords} words), starting with ${quote(longestSentence, 70)}.`,
      );

    const pWords = paragraphs.map((p) => wordsOf(p.text).length);
    const pLongest = Math.max(0, ...pWords);
    const pOver = pWords.filter((w) => w > BANDS.paragraphWords.ok).length;
    const pValue = `Longest paragraph ${plural(pLongest, 'word')}`;
    if (!paragraphs.length) skip('paragraph_length', 'Paragraph length', 'The text has no paragraphs.');
    else if (pLongest > BANDS.paragraphWords.problem)
      add(
        'readability',
        'paragraph_length',
        'Paragraph length',
        'problem',
        pValue,
        `Split ${plural(pOver, 'paragraph')} over ${BANDS.paragraphWords.ok} words into shorter ones, one idea each.`,
      );
    else if (pLongest > BANDS.paragraphWords.ok)
      add(
        'readability',
        'paragraph_length',
        'Paragraph length',
        'ok',
        pValue,
        `Shorten ${plural(pOver, 'paragraph')} over ${BANDS.paragraphWords.ok} words, e.g. by splitting where the idea changes.`,
      );
    else add('readability', 'paragraph_length', 'Paragraph length', 'good', pValue, `No paragraph is over ${BANDS.paragraphWords.ok} words: good.`);

    const passive = sentences.filter(isPassive);
    const pShare = (100 * passive.length) / sentences.length;
    const passValue = `${pct(pShare)} of sentences (${passive.length} of ${sentences.length})`;
    if (pShare <= BANDS.passiveShare.good) add('readability', 'passive_voice', 'Passive voice', 'good', passValue, 'Mostly active voice: good.');
    else
      add(
        'readability',
        'passive_voice',
        'Passive voice',
        pShare <= BANDS.passiveShare.ok ? 'ok' : 'problem',
        passValue,
        `Rewrite some passive sentences so the doer comes first (at most ${BANDS.passiveShare.good} %), e.g. ${quote(passive[0]!, 70)}.`,
      );

    const trans = sentences.filter(hasTransition).length;
    const tShare = (100 * trans) / sentences.length;
    const tValue = `${pct(tShare)} of sentences (${trans} of ${sentences.length})`;
    if (tShare >= BANDS.transitionShare.good)
      add('readability', 'transition_words', 'Transition words', 'good', tValue, 'Sentences are well linked with transition words: good.');
    else
      add(
        'readability',
        'transition_words',
        'Transition words',
        tShare >= BANDS.transitionShare.ok ? 'ok' : 'problem',
        tValue,
        `Link more sentences with transition words such as “however”, “for example”, “as a result” or “therefore” (aim for ${BANDS.transitionShare.good} % or more).`,
      );
  }

  const scoreOf = (list: SeoCheck[]) => (list.length ? Math.round((100 * list.reduce((n, c) => n + LIGHT_POINTS[c.light], 0)) / list.length) : 0);
  const summary: SeoDocumentSummary = {
    format: doc.format,
    words: totalWords,
    title: title?.text ?? null,
    titleSource: title?.source ?? null,
    titlePixels: title ? pixelWidth(title.text) : null,
    metaDescription: meta,
    slug,
    h1: headingBlocks.filter((h) => h.level === 1).length,
    headings: headingBlocks.slice(0, 100).map((h) => ({ level: h.level, text: h.text.slice(0, 200) })),
    internalLinks: links.internal,
    externalLinks: links.external,
    images: imgs,
    imagesWithAlt: withAlt,
  };
  return {
    score: scoreOf(checks),
    scores: { seo: scoreOf(checks.filter((c) => c.group === 'seo')), readability: scoreOf(checks.filter((c) => c.group === 'readability')) },
    keyphrase: kp?.text ?? null,
    checks,
    notChecked,
    readability: {
      words: figures.words,
      sentences: figures.sentences,
      paragraphs: paragraphs.length,
      syllables: figures.syllables,
      wordsPerSentence: figures.sentences ? Math.round((10 * figures.words) / figures.sentences) / 10 : 0,
      fleschReadingEase: figures.fleschReadingEase,
      fleschKincaidGrade: figures.fleschKincaidGrade,
      gunningFog: figures.gunningFog,
      smog: figures.smog,
    },
    document: summary,
    excerpts: {
      introduction: paragraphs[0]?.text.slice(0, 1000) ?? prose[0]?.text.slice(0, 1000) ?? null,
      // the longest first: the ones a rewrite helps most
      longSentences: sentences
        .map((s, i) => ({ s, n: wordsOf(s).length, i }))
        .filter((x) => x.n > BANDS.sentenceWords)
        .sort((a, b) => b.n - a.n || a.i - b.i)
        .slice(0, EXCERPT_SENTENCES)
        .map((x) => x.s.slice(0, 600)),
      passiveSentences: sentences
        .filter(isPassive)
        .slice(0, EXCERPT_SENTENCES)
        .map((s) => s.slice(0, 600)),
    },
  };
}

/** How many long and passive sentences the report quotes (for the rewrite suggestions). */
export const EXCERPT_SENTENCES = 5;

/** The SEO title rule (also applied to a language model's suggested title): a problem past the pixel width, short under the minimum. */
export function titleVerdict(text: string): { chars: number; px: number; value: string; light: SeoLight } {
  const chars = [...text].length;
  const px = pixelWidth(text);
  const value = `${plural(chars, 'character')}, about ${px} px of ${BANDS.titlePixels} px`;
  return { chars, px, value, light: px > BANDS.titlePixels ? 'problem' : chars < BANDS.titleMinChars ? 'ok' : 'good' };
}

/** The meta description rule (also applied to a suggested one): too short is an improvement, too long a problem. */
export function metaVerdict(text: string): { chars: number; value: string; light: SeoLight } {
  const chars = [...text].length;
  const { min, max } = BANDS.metaDescription;
  return { chars, value: plural(chars, 'character'), light: chars < min ? 'ok' : chars > max ? 'problem' : 'good' };
}

/** Points per light for the score: a problem costs everything, an improvement half. */
export const LIGHT_POINTS: Record<SeoLight, number> = { good: 1, ok: 0.5, problem: 0 };

function fleschBand(s: number): string {
  if (s >= 90) return 'very easy';
  if (s >= 80) return 'easy';
  if (s >= 70) return 'fairly easy';
  if (s >= 60) return 'plain English';
  if (s >= 50) return 'fairly difficult';
  if (s >= 30) return 'difficult';
  return 'very difficult';
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function pickTitle(
  field: string | undefined,
  doc: SeoDocument,
  headings: DocBlock[],
): { text: string; source: 'field' | 'html' | 'h1' | 'front-matter' } | null {
  if (field) return { text: plainInline(field) || field, source: 'field' };
  if (doc.docTitle && doc.titleFrom) return { text: doc.docTitle, source: doc.titleFrom };
  const h1 = headings.find((h) => h.level === 1);
  return h1 ? { text: h1.text, source: 'h1' } : null;
}

/** Words of prose per section, a section ending at each H2/H3 (the text before the first one is a section too). */
function sections(blocks: DocBlock[]): number[] {
  const out = [0];
  for (const b of blocks) {
    if (b.kind === 'heading' && (b.level === 2 || b.level === 3)) out.push(0);
    else if (b.kind === 'paragraph' || b.kind === 'item') out[out.length - 1]! += wordsOf(b.text).length;
  }
  return out;
}

/** The last path segment of a slug, path or URL, without a file extension ("/blog/best-pizza.html" → "best-pizza"). */
export function slugOf(raw: string): string | null {
  let path = raw.trim();
  const url = tryUrl(path);
  if (url) path = url.pathname;
  path = path.replace(/[?#].*$/, '');
  const seg = path.split('/').filter(Boolean).pop();
  if (!seg) return null;
  let s = seg.replace(/\.(html?|php|aspx?)$/i, '');
  try {
    s = decodeURIComponent(s);
  } catch {
    // a malformed escape stays as it was
  }
  return s || null;
}

function tryUrl(s: string): URL | null {
  if (!/^https?:\/\//i.test(s)) return null;
  try {
    return new URL(s);
  } catch {
    return null;
  }
}

const bareHost = (h: string) => h.toLowerCase().replace(/^www\./, '');

function siteHost(...candidates: (string | null | undefined)[]): string | null {
  for (const c of candidates) {
    const u = c ? tryUrl(c) : null;
    if (u) return bareHost(u.hostname);
  }
  return null;
}

/**
 * Internal: relative links and absolute ones to the page's own host (www. or not). External: absolute http(s) links
 * elsewhere. Fragments, mailto:, tel: and javascript: are neither. Without a known host every absolute link counts
 * as external.
 */
function classifyLinks(doc: SeoDocument, site: string | null): { internal: number; external: number } {
  let internal = 0;
  let external = 0;
  for (const l of doc.links) {
    const href = l.href.trim();
    if (!href || href.startsWith('#') || /^(mailto|tel|javascript|data|sms|ftp):/i.test(href)) continue;
    const abs = href.startsWith('//') ? tryUrl(`https:${href}`) : tryUrl(href);
    if (abs) {
      if (site && bareHost(abs.hostname) === site) internal++;
      else external++;
    } else if (!/^[a-z][a-z0-9+.-]*:/i.test(href)) internal++;
  }
  return { internal, external };
}
