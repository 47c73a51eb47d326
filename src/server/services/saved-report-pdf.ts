/**
 * The PDF of a saved report, drawn on the server with pdf-lib (as the invoices are, decision 0005): the score and
 * verdict, the reasons, the text with its AI-likely sentences (detector) or matched passages (plagiarism) shaded,
 * the sources, the engine and its version, the date, and for the detector the same fairness note as the page.
 *
 * Fonts: DejaVu Sans, embedded and subset to the glyphs drawn (the loader, shared with the resume and invoice PDFs, is
 * in engines/pdf-fonts.ts). It covers Latin (Vietnamese included), Greek, Cyrillic, Armenian, Georgian, Hebrew,
 * Arabic and most symbols. What it lacks (CJK, Thai, Indic scripts, emoji) is printed as its base letter or ASCII
 * spelling where there is one, else as "?"; the PDF then says how many characters it could not show and that the
 * shared page shows the text exactly. Right-to-left text is out of scope: its letters print, but a line is drawn left
 * to right with no bidirectional reordering (see UnicodeFace in engines/pdf-fonts.ts).
 */
import { PDFDocument, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { drawableText, embedUnicodeFont, textWidth, type DrawableText } from '../../engines/pdf-fonts';
import { percent, type Band } from '../../shared/api/detector';
import { FAIRNESS_NOTE_TITLE, fairnessNoteBody } from '../../shared/detector-fairness';
import { bandOf, sentenceLegend, sentenceTone, VERDICT_TEXT } from '../../shared/detector-verdicts';
import type { ReportForPdf } from './saved-reports';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const FOOTER = 28;
const WIDTH = A4.width - 2 * MARGIN;
const INK = rgb(0.09, 0.09, 0.11);
const MUTED = rgb(0.4, 0.4, 0.45);
const RULE = rgb(0.85, 0.85, 0.88);
const RED = rgb(0.86, 0.15, 0.15);
const AMBER = rgb(0.85, 0.47, 0.02);
const GREEN = rgb(0.02, 0.59, 0.41);

/** The page's highlight colours (Tailwind red-100/amber-100 for sentences; one per source for passages). */
const TONE_FILL = { red: rgb(0.996, 0.886, 0.886), amber: rgb(0.996, 0.953, 0.78) } as const;
const SOURCE_FILL = [
  { fill: rgb(0.996, 0.886, 0.886), dot: rgb(0.94, 0.27, 0.27) },
  { fill: rgb(0.996, 0.953, 0.78), dot: rgb(0.96, 0.62, 0.04) },
  { fill: rgb(0.878, 0.949, 0.996), dot: rgb(0.05, 0.65, 0.91) },
  { fill: rgb(0.929, 0.914, 0.996), dot: rgb(0.55, 0.36, 0.96) },
  { fill: rgb(0.82, 0.98, 0.898), dot: rgb(0.06, 0.73, 0.51) },
  { fill: rgb(0.988, 0.906, 0.953), dot: rgb(0.93, 0.28, 0.6) },
];
const sourceColour = (i: number) => SOURCE_FILL[i % SOURCE_FILL.length];

// ---------- text the font can show ----------

/** Text for one font, as the report prints it: what the font lacks is approximated where it can be, and counted. */
const textFor = (font: PDFFont) => drawableText(font, { approximate: true });

// ---------- layout ----------

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** A piece of flowing text: a word, or a marker such as "[2]". */
interface Token {
  text: string;
  font: PDFFont;
  size: number;
  color: RGB;
  fill: RGB | null;
  /** raise above the baseline (a marker) */
  rise: number;
  /** a space separates it from the previous token on the line */
  spaceBefore: boolean;
}

class Writer {
  page!: PDFPage;
  y = 0;
  /** Characters printed as "?", and approximated, so far (for the note at the end). */
  missing = 0;
  approximated = 0;
  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    readonly conv: Map<PDFFont, (text: string) => DrawableText>,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  /** Room for `height` points on this page, else a new page. */
  ensure(height: number): void {
    if (this.y - height < MARGIN + FOOTER) this.newPage();
  }

  /** `text` as `font` can draw it: line breaks and tabs become spaces, letters and accents typed apart are composed. */
  safe(text: string, font: PDFFont): string {
    const drawable = this.conv.get(font)!(text);
    this.missing += drawable.missing;
    this.approximated += drawable.approximated;
    return drawable.text;
  }

  /** One line at the cursor (the cursor moves down by `size * lead`). */
  line(text: string, o: { font?: PDFFont; size?: number; color?: RGB; x?: number; lead?: number } = {}): void {
    const font = o.font ?? this.fonts.regular;
    const size = o.size ?? 10;
    const lead = size * (o.lead ?? 1.4);
    this.ensure(lead);
    this.y -= lead;
    this.page.drawText(this.safe(text, font), { x: MARGIN + (o.x ?? 0), y: this.y + size * 0.25, size, font, color: o.color ?? INK });
  }

  /** A wrapped paragraph. */
  paragraph(text: string, o: { font?: PDFFont; size?: number; color?: RGB; indent?: number; width?: number; lead?: number } = {}): void {
    const font = o.font ?? this.fonts.regular;
    const size = o.size ?? 10;
    const indent = o.indent ?? 0;
    for (const l of wrapWords(this.safe(text, font), font, size, (o.width ?? WIDTH) - indent))
      this.line(l, { font, size, color: o.color, x: indent, lead: o.lead });
  }

  gap(points: number): void {
    this.y -= points;
  }

  rule(): void {
    this.ensure(10);
    this.y -= 6;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4.width - MARGIN, y: this.y }, thickness: 0.6, color: RULE });
    this.y -= 6;
  }

  heading(text: string): void {
    this.ensure(40);
    this.gap(10);
    this.line(text, { font: this.fonts.bold, size: 12.5 });
    this.gap(2);
  }

  /**
   * Flowing text with backgrounds: tokens fill lines greedily; consecutive tokens with the same fill share one shaded
   * box (the spaces between them included), like a highlighter.
   */
  flow(tokens: Token[], o: { size: number; lead?: number; indent?: number }): void {
    const lineHeight = o.size * (o.lead ?? 1.55);
    const maxWidth = WIDTH - (o.indent ?? 0);
    let row: { token: Token; width: number; space: number }[] = [];
    let used = 0;
    const flush = () => {
      if (row.length === 0) return;
      this.ensure(lineHeight);
      this.y -= lineHeight;
      const baseline = this.y + o.size * 0.35;
      let x = MARGIN + (o.indent ?? 0);
      // backgrounds first, so text is drawn over them
      let runStart = -1;
      let runFill: RGB | null = null;
      const positions: number[] = [];
      for (const [i, r] of row.entries()) {
        x += r.space;
        positions.push(x);
        x += r.width;
        if (r.token.fill !== runFill || r.token.fill === null) {
          if (runFill && runStart >= 0) this.shade(positions[runStart] - 1, baseline, positions[i] - r.space - positions[runStart] + 2, o.size, runFill);
          runStart = r.token.fill ? i : -1;
          runFill = r.token.fill;
        }
      }
      if (runFill && runStart >= 0) this.shade(positions[runStart] - 1, baseline, x - positions[runStart] + 2, o.size, runFill);
      // one drawText per run of words in the same style: a long text is drawn in thousands of calls, not tens of thousands
      for (let i = 0; i < row.length;) {
        const first = row[i].token;
        let text = first.text;
        let j = i + 1;
        while (j < row.length && sameStyle(row[j].token, first)) {
          text += (row[j].space ? ' ' : '') + row[j].token.text;
          j++;
        }
        if (text) this.page.drawText(text, { x: positions[i], y: baseline + first.rise, size: first.size, font: first.font, color: first.color });
        i = j;
      }
      row = [];
      used = 0;
    };
    // an index loop: a token that does not fit is looked at again on the next line, and a word wider than a line is
    // cut and its rest looked at again
    const queue = tokens;
    let pending: Token | null = null;
    for (let i = 0; pending !== null || i < queue.length;) {
      const t: Token = pending ?? queue[i++];
      pending = null;
      if (t.text === '\n' || t.text === '\n\n') {
        flush();
        if (t.text === '\n\n') this.gap(lineHeight * 0.45);
        continue;
      }
      const space = row.length && t.spaceBefore ? textWidth(t.font, ' ', t.size) : 0;
      const width = textWidth(t.font, t.text, t.size);
      if (row.length && used + space + width > maxWidth) {
        flush();
        pending = { ...t, spaceBefore: false };
        continue;
      }
      if (width > maxWidth) {
        // one word wider than the line (a URL, a long number): cut it at the line's end
        // the longest head that fits, by bisection (a 3,000-character "word" must not be measured 3,000 times)
        let lo = 1;
        let hi = t.text.length;
        while (lo < hi) {
          const mid = Math.ceil((lo + hi) / 2);
          if (t.font.widthOfTextAtSize(t.text.slice(0, mid), t.size) <= maxWidth) lo = mid;
          else hi = mid - 1;
        }
        const cut = lo;
        const head = { ...t, text: t.text.slice(0, cut) };
        row.push({ token: head, width: t.font.widthOfTextAtSize(head.text, t.size), space });
        flush();
        pending = { ...t, text: t.text.slice(cut), spaceBefore: false };
        continue;
      }
      row.push({ token: t, width, space });
      used += space + width;
    }
    flush();
  }

  private shade(x: number, baseline: number, width: number, size: number, fill: RGB): void {
    this.page.drawRectangle({ x, y: baseline - size * 0.3, width, height: size * 1.25, color: fill });
  }

  /** A box with a coloured background around wrapped text (the fairness note). */
  box(title: string, body: string, o: { fill: RGB; border: RGB; size?: number }): void {
    const size = o.size ?? 9.5;
    const inner = WIDTH - 20;
    const bodyLines = wrapWords(this.safe(body, this.fonts.regular), this.fonts.regular, size, inner);
    const titleLines = wrapWords(this.safe(title, this.fonts.bold), this.fonts.bold, size, inner);
    const lead = size * 1.45;
    const height = (titleLines.length + bodyLines.length) * lead + 16;
    this.ensure(height + 6);
    this.y -= 4;
    this.page.drawRectangle({ x: MARGIN, y: this.y - height, width: WIDTH, height, color: o.fill, borderColor: o.border, borderWidth: 0.8 });
    let y = this.y - 8;
    for (const l of titleLines) {
      y -= lead;
      this.page.drawText(l, { x: MARGIN + 10, y: y + size * 0.3, size, font: this.fonts.bold, color: INK });
    }
    for (const l of bodyLines) {
      y -= lead;
      this.page.drawText(l, { x: MARGIN + 10, y: y + size * 0.3, size, font: this.fonts.regular, color: INK });
    }
    this.y -= height + 4;
  }
}

const sameStyle = (a: Token, b: Token) => a.font === b.font && a.size === b.size && a.rise === b.rise && a.color === b.color;

/** Words of `text` in lines no wider than `width`. */
function wrapWords(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (textWidth(font, next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/**
 * The text as tokens: words with their offsets, paragraph breaks kept. `fillAt(offset)` gives a word's background,
 * `after(offset, nextOffset)` an optional marker drawn after a word (the source number at the end of a passage).
 */
function textTokens(
  w: Writer,
  text: string,
  size: number,
  fillAt: (offset: number) => RGB | null,
  after?: (end: number, nextStart: number | null) => Token | null,
): Token[] {
  const tokens: Token[] = [];
  const words = [...text.matchAll(/\S+|\n/g)];
  // where the next word (not a line break) starts, for each position: one pass from the end
  const nextWord: (number | null)[] = new Array(words.length);
  for (let i = words.length - 1, next: number | null = null; i >= 0; i--) {
    nextWord[i] = next;
    if (words[i][0] !== '\n') next = words[i].index;
  }
  let newlines = 0;
  for (const [i, m] of words.entries()) {
    if (m[0] === '\n') {
      newlines++;
      continue;
    }
    if (newlines) tokens.push({ text: newlines > 1 ? '\n\n' : '\n', font: w.fonts.regular, size, color: INK, fill: null, rise: 0, spaceBefore: false });
    const spaceBefore = newlines === 0 && tokens.length > 0;
    newlines = 0;
    tokens.push({ text: w.safe(m[0], w.fonts.regular), font: w.fonts.regular, size, color: INK, fill: fillAt(m.index), rise: 0, spaceBefore });
    const marker = after?.(m.index + m[0].length, nextWord[i]);
    if (marker) tokens.push(marker);
  }
  return tokens;
}

const dateText = (d: Date) => `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;

// ---------- the report ----------

export async function reportPdf(report: ReportForPdf): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(report.title);
  doc.setAuthor(report.siteName);
  doc.setCreator(report.siteName);
  doc.setProducer(report.siteName);
  doc.setSubject(report.tool === 'ai_content_detector' ? 'AI detection report' : 'Plagiarism report');
  // Fixed dates keep the file the same on every download.
  doc.setCreationDate(report.createdAt);
  doc.setModificationDate(report.createdAt);
  const fonts: Fonts = { regular: await embedUnicodeFont(doc, 'sans'), bold: await embedUnicodeFont(doc, 'sansBold') };
  const conv = new Map([fonts.regular, fonts.bold].map((f) => [f, textFor(f)]));
  const w = new Writer(doc, fonts, conv);

  w.line(report.tool === 'ai_content_detector' ? 'AI DETECTION REPORT' : 'PLAGIARISM REPORT', { font: fonts.bold, size: 9, color: MUTED });
  w.paragraph(report.title, { font: fonts.bold, size: 17, lead: 1.3 });
  w.gap(2);
  const engine =
    report.tool === 'ai_content_detector'
      ? `${engineName(report.engine)}${report.modelVersion ? `, model ${report.modelVersion}` : ''}`
      : engineName(report.engine);
  w.paragraph(`Checked ${dateText(report.createdAt)} · Engine: ${engine} · ${report.siteName}`, { size: 9, color: MUTED });
  w.rule();

  if (report.tool === 'ai_content_detector') detectorBody(w, report);
  else plagiarismBody(w, report);

  const { missing, approximated } = w;
  if (missing || approximated) {
    // the oblique face only when there is a note: an embedded face costs a few kB even when nothing is drawn with it
    const italic = await embedUnicodeFont(doc, 'sansOblique');
    conv.set(italic, textFor(italic));
    w.gap(8);
    w.paragraph(
      `Note: this PDF's font cannot show every character of the text: ${missing ? `${missing} are printed as "?"` : ''}${missing && approximated ? ' and ' : ''}${approximated ? `${approximated} without their accents or as their ASCII spelling` : ''}. The report's page on ${report.siteName} shows the text exactly.`,
      { size: 8.5, color: MUTED, font: italic },
    );
  }

  // the footer of every page, once the number of pages is known
  const pages = doc.getPages();
  const footerTitle = w.safe(report.title.length > 70 ? `${report.title.slice(0, 69)}…` : report.title, fonts.regular);
  pages.forEach((p, i) => {
    p.drawLine({ start: { x: MARGIN, y: MARGIN + 12 }, end: { x: A4.width - MARGIN, y: MARGIN + 12 }, thickness: 0.5, color: RULE });
    p.drawText(`${w.safe(report.siteName, fonts.regular)} · ${footerTitle}`, { x: MARGIN, y: MARGIN, size: 7.5, font: fonts.regular, color: MUTED });
    const n = `Page ${i + 1} of ${pages.length}`;
    p.drawText(n, { x: A4.width - MARGIN - textWidth(fonts.regular, n, 7.5), y: MARGIN, size: 7.5, font: fonts.regular, color: MUTED });
  });
  return doc.save();
}

function engineName(engine: string): string {
  if (engine === 'veritext') return 'Veritext offline engine';
  if (engine === 'veritext+scorer') return 'Veritext offline engine with a neural scorer';
  if (engine === 'gptzero') return 'GPTZero';
  if (engine === 'sapling') return 'Sapling';
  if (engine === 'library') return 'reference library';
  return engine;
}

interface DetectorResultFields {
  score: number;
  humanProbability?: number;
  verdict?: keyof typeof VERDICT_TEXT;
  verdictText?: string;
  note?: string | null;
  reasons?: string[];
  sentences?: { start: number; end: number; score: number; band?: Band; reasons?: string[] }[];
  wordCount?: number;
  bands?: { ai: number; human: number; minWords: number };
  /** absent from results saved before sentences carried a band */
  sentenceBands?: { ai: number; human: number };
  provider?: string;
}

function detectorBody(w: Writer, report: ReportForPdf): void {
  const r = report.result as unknown as DetectorResultFields;
  const { fonts } = w;
  const score = r.score;
  const tone = score > 0.7 ? RED : score > 0.4 ? AMBER : GREEN;
  const verdictText = r.verdictText ?? (r.verdict ? VERDICT_TEXT[r.verdict] : '');

  // the score and the verdict
  w.ensure(70);
  const top = w.y;
  w.page.drawText(percent(score), { x: MARGIN, y: top - 34, size: 30, font: fonts.bold, color: tone });
  w.page.drawText('AI probability', { x: MARGIN, y: top - 48, size: 9, font: fonts.regular, color: MUTED });
  const col = MARGIN + 170;
  w.page.drawText(w.safe(verdictText, fonts.bold), { x: col, y: top - 18, size: 15, font: fonts.bold, color: r.verdict === 'uncertain' ? INK : tone });
  const facts = [
    `Human probability: ${percent(r.humanProbability ?? 1 - score)}`,
    `${(r.wordCount ?? 0).toLocaleString('en-US')} words${r.provider && r.provider !== 'veritext' ? ` · scored by ${engineName(r.provider)}` : ''}`,
  ];
  facts.forEach((f, i) => w.page.drawText(w.safe(f, fonts.regular), { x: col, y: top - 34 - i * 13, size: 9.5, font: fonts.regular, color: INK }));
  w.y = top - 62;
  if (r.bands) {
    const b = r.bands;
    const text =
      (r.wordCount ?? 0) < b.minWords
        ? `Texts under ${b.minWords} words are always "${VERDICT_TEXT.uncertain}": they are too short for a reliable verdict.`
        : `This text scored ${percent(score)}, in the "${VERDICT_TEXT[bandOf(score, b)]}" band. "${VERDICT_TEXT.human}" up to ${percent(b.human)}, "${VERDICT_TEXT.ai}" from ${percent(b.ai)}; in between it says "${VERDICT_TEXT.uncertain}", or "Mixed" where its sentences disagree.`;
    w.paragraph(text, { size: 9, color: MUTED });
  }
  if (r.note) w.paragraph(r.note, { size: 9, font: fonts.bold });

  w.box(FAIRNESS_NOTE_TITLE, fairnessNoteBody(), { fill: rgb(1, 0.984, 0.922), border: rgb(0.99, 0.9, 0.54) });

  if (r.reasons?.length) {
    w.heading('Why');
    for (const reason of r.reasons) bullet(w, reason);
  }

  const sentences = [...(r.sentences ?? [])].sort((a, b) => a.start - b.start);
  if (sentences.length && report.input) {
    w.heading('Sentence by sentence');
    // the same tints and legend as the page's highlights (HighlightedText)
    const label = sentenceLegend(r.sentenceBands);
    legend(w, [
      { fill: TONE_FILL.red, label: label.red },
      { fill: TONE_FILL.amber, label: label.amber },
      { fill: null, label: `${label.green} (unshaded)` },
    ]);
    let k = 0;
    const fillAt = (offset: number) => {
      while (k < sentences.length && sentences[k].end <= offset) k++;
      const s = sentences[k];
      if (!s || s.start > offset) return null;
      const t = sentenceTone(s);
      return t === 'green' ? null : TONE_FILL[t];
    };
    w.flow(textTokens(w, report.input, 10, fillAt), { size: 10 });

    // the page shows a sentence's reasons on hover; here the most AI-like sentences are listed with theirs
    const flagged = sentences
      .filter((s) => sentenceTone(s) === 'red')
      .sort((a, b) => b.score - a.score)
      .slice(0, 15);
    if (flagged.length) {
      w.heading('Sentences most likely AI-generated');
      flagged.forEach((s, i) => {
        const quote = report.input.slice(s.start, s.end).replace(/\s+/g, ' ').trim();
        w.paragraph(`${i + 1}. "${quote.length > 400 ? `${quote.slice(0, 399)}…` : quote}" (${Math.round(s.score * 100)}% AI)`, { size: 9.5 });
        for (const reason of s.reasons ?? []) w.paragraph(`- ${reason}`, { size: 8.5, color: MUTED, indent: 14 });
        w.gap(3);
      });
    }
  }
}

interface PlagiarismSourceFields {
  title: string;
  reference: string;
  origin?: string;
  matchedPercent: number;
  jaccard?: number;
  passages: { submitted: { start: number; end: number }; words: number; sourceExcerpt: string }[];
}

interface PlagiarismResultFields {
  similarity: number;
  items: PlagiarismSourceFields[];
  fallback?: boolean;
  wordCount?: number;
  checkedAgainst?: { documents?: number; web?: { providers: string[]; queries: number; pages: number } };
}

/** Passages printed per source, and characters per excerpt: a long report stays readable (the page has all of them). */
const PASSAGES_PER_SOURCE = 20;
const EXCERPT_CHARS = 1200;

function plagiarismBody(w: Writer, report: ReportForPdf): void {
  const r = report.result as unknown as PlagiarismResultFields;
  const { fonts } = w;
  const sim = Math.round(r.similarity * 10) / 10;
  const tone = sim >= 40 ? RED : sim >= 15 ? AMBER : sim > 0 ? rgb(0.01, 0.41, 0.63) : GREEN;
  const docs = (r.checkedAgainst?.documents ?? 0).toLocaleString('en-US');
  const web = r.checkedAgainst?.web;

  w.ensure(60);
  const top = w.y;
  w.page.drawText(`${sim}%`, { x: MARGIN, y: top - 34, size: 30, font: fonts.bold, color: tone });
  w.page.drawText('similarity', { x: MARGIN, y: top - 48, size: 9, font: fonts.regular, color: MUTED });
  const col = MARGIN + 150;
  const headline =
    r.items.length === 0
      ? `No matching passages found in ${docs} documents`
      : `${sim}% of the text matches ${r.items.length} ${r.items.length === 1 ? 'source' : 'sources'}`;
  w.page.drawText(w.safe(headline, fonts.bold), { x: col, y: top - 18, size: 12.5, font: fonts.bold, color: INK });
  w.y = top - 22;
  const checked =
    `${(r.wordCount ?? 0).toLocaleString('en-US')} words checked against ${docs} documents in the reference library` +
    (web && !r.fallback ? ` and ${web.pages} web ${web.pages === 1 ? 'page' : 'pages'} found by ${web.providers.join(' and ')}` : '') +
    (r.fallback ? ' (web search did not answer, so the reference library alone was checked)' : '') +
    '.';
  w.paragraph(checked, { size: 9, color: MUTED, indent: col - MARGIN });
  w.y = Math.min(w.y, top - 60);

  if (r.items.length && report.input) {
    w.heading('The text, matched passages shaded');
    legend(
      w,
      r.items.slice(0, 6).map((s, i) => ({ fill: sourceColour(i).fill, label: `[${i + 1}] ${s.title.length > 40 ? `${s.title.slice(0, 39)}…` : s.title}` })),
    );
    // each character belongs to the highest-ranked source covering it, as on the page
    const owner = new Int32Array(report.input.length).fill(-1);
    r.items.forEach((s, i) => {
      for (const p of s.passages) for (let c = p.submitted.start; c < p.submitted.end && c < owner.length; c++) if (owner[c] === -1) owner[c] = i;
    });
    const ownerAt = (offset: number) => (offset >= 0 && offset < owner.length ? owner[offset] : -1);
    const tokens = textTokens(
      w,
      report.input,
      10,
      (offset) => (ownerAt(offset) >= 0 ? sourceColour(ownerAt(offset)).fill : null),
      (end, nextStart) => {
        const o = ownerAt(end - 1);
        if (o < 0 || (nextStart !== null && ownerAt(nextStart) === o)) return null;
        return { text: `[${o + 1}]`, font: fonts.bold, size: 6.5, color: INK, fill: null, rise: 3.5, spaceBefore: false };
      },
    );
    w.flow(tokens, { size: 10 });
  }

  if (r.items.length) {
    w.heading('Sources');
    r.items.forEach((s, i) => {
      w.ensure(60);
      w.gap(4);
      const dotY = w.y - 9;
      w.page.drawCircle({ x: MARGIN + 3, y: dotY, size: 3, color: sourceColour(i).dot });
      w.paragraph(`[${i + 1}] ${s.title}${s.origin === 'web' ? ' (web page)' : ''}`, { font: fonts.bold, size: 10.5, indent: 12 });
      w.paragraph(s.reference, { size: 8.5, color: MUTED, indent: 12 });
      const passages = s.passages.length;
      w.paragraph(
        `${Math.round(s.matchedPercent * 10) / 10}% of the text · ${passages} ${passages === 1 ? 'passage' : 'passages'}` +
          (passages === 0 && typeof s.jaccard === 'number' ? ` · similar wording overall (${Math.round(s.jaccard * 100)}% estimated overlap)` : ''),
        { size: 9, indent: 12 },
      );
      s.passages.slice(0, PASSAGES_PER_SOURCE).forEach((p, j) => {
        w.gap(3);
        const mine = report.input.slice(p.submitted.start, p.submitted.end).replace(/\s+/g, ' ').trim();
        w.paragraph(`Passage ${j + 1}, ${p.words} words. The text:`, { size: 8, color: MUTED, indent: 12, font: fonts.bold });
        w.flow(
          textTokens(w, clip(mine), 9, () => sourceColour(i).fill),
          { size: 9, indent: 12 },
        );
        w.paragraph('The source:', { size: 8, color: MUTED, indent: 12, font: fonts.bold });
        w.paragraph(clip(p.sourceExcerpt.replace(/\s+/g, ' ').trim()), { size: 9, indent: 12 });
      });
      if (s.passages.length > PASSAGES_PER_SOURCE) {
        w.paragraph(`… and ${s.passages.length - PASSAGES_PER_SOURCE} more passages (all are on the report's page).`, { size: 8.5, color: MUTED, indent: 12 });
      }
      w.gap(4);
    });
  }
}

const clip = (s: string) => (s.length > EXCERPT_CHARS ? `${s.slice(0, EXCERPT_CHARS - 1)}…` : s);

function bullet(w: Writer, text: string): void {
  const size = 9.5;
  const lead = size * 1.4;
  wrapWords(w.safe(text, w.fonts.regular), w.fonts.regular, size, WIDTH - 14).forEach((l, i) => {
    w.ensure(lead);
    w.y -= lead;
    const y = w.y + size * 0.25;
    if (i === 0) w.page.drawText('•', { x: MARGIN + 3, y, size, font: w.fonts.regular, color: MUTED });
    w.page.drawText(l, { x: MARGIN + 14, y, size, font: w.fonts.regular, color: INK });
  });
}

function legend(w: Writer, items: { fill: RGB | null; label: string }[]): void {
  const size = 8.5;
  w.ensure(18);
  w.y -= 14;
  let x = MARGIN;
  for (const it of items) {
    const label = w.safe(it.label, w.fonts.regular);
    const width = 12 + textWidth(w.fonts.regular, label, size) + 14;
    if (x + width > A4.width - MARGIN) {
      w.y -= 13;
      x = MARGIN;
    }
    w.page.drawRectangle({ x, y: w.y, width: 9, height: 9, color: it.fill ?? rgb(1, 1, 1), borderColor: RULE, borderWidth: it.fill ? 0 : 0.7 });
    w.page.drawText(label, { x: x + 13, y: w.y + 1.5, size, font: w.fonts.regular, color: MUTED });
    x += width;
  }
  w.y -= 8;
}
