/**
 * Layout → PDF bytes with pdf-lib and the DejaVu fonts (embedded, subset to the glyphs drawn; see charset.ts for what
 * the export lets through). Text is real text, drawn line by line top to bottom in one column, so a PDF reader or an
 * ATS extracts it in reading order.
 *
 * The DejaVu loader below is shared with the server's PDFs (saved reports, invoices): the font files come from the
 * dejavu-fonts-ttf package, read once per process, never fetched.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFFont, rgb, type PDFPage, type RGB } from 'pdf-lib';
import { pdfCharacterReport, toPdfText, unsupportedMessage } from './charset';
import { layoutResume, type LayoutStyle, type ResumeBlock } from './layout';
import type { ResumeLayoutId, ResumeModel } from './model';

// ---------- Unicode fonts (DejaVu) ----------

/**
 * The DejaVu faces the PDFs use. DejaVu Sans covers Latin (Vietnamese included), Greek, Cyrillic, Armenian, Georgian,
 * Hebrew, Arabic and many symbols; not CJK, Thai, Indic scripts or emoji. DejaVu Serif lacks Hebrew and Arabic, and
 * Sans Oblique lacks Arabic (see FaceStack for how the resume draws those).
 *
 * Right-to-left text is out of scope: pdf-lib draws one run in the order fontkit lays it out (fontkit shapes Arabic
 * and reverses a run whose first letters are right-to-left), with no bidirectional algorithm, so a line mixing
 * directions may show its parts in the wrong order. The letters themselves print correctly and are extracted as
 * typed.
 */
export type UnicodeFace = 'sans' | 'sansBold' | 'sansOblique' | 'serif' | 'serifBold' | 'serifItalic';

const FACE_FILES: Record<UnicodeFace, string> = {
  sans: 'DejaVuSans.ttf',
  sansBold: 'DejaVuSans-Bold.ttf',
  sansOblique: 'DejaVuSans-Oblique.ttf',
  serif: 'DejaVuSerif.ttf',
  serifBold: 'DejaVuSerif-Bold.ttf',
  serifItalic: 'DejaVuSerif-Italic.ttf',
};

const requireHere = createRequire(import.meta.url);

/** The font files, read on first use and kept for the life of the process (read-only: every document shares them). */
const faceBytes = new Map<UnicodeFace, Uint8Array>();
let fontDir: string | undefined;

/** fontkit, loaded on first use: loading it takes a few hundred milliseconds, which the server's start need not pay. */
let fontkitModule: typeof Fontkit | undefined;
const fontkit = () => (fontkitModule ??= requireHere('@pdf-lib/fontkit') as typeof Fontkit);

/**
 * The bytes of one DejaVu face. The package is resolved from this module (not the working directory), so it is found
 * however the server is started; the production server runs this source with tsx beside node_modules.
 */
export function unicodeFontBytes(face: UnicodeFace): Uint8Array {
  let bytes = faceBytes.get(face);
  if (!bytes) {
    fontDir ??= join(dirname(requireHere.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    bytes = readFileSync(join(fontDir, FACE_FILES[face]));
    faceBytes.set(face, bytes);
  }
  return bytes;
}

/** Text fontkit must lay out: right-to-left and joining scripts, combining marks, default-ignorable characters. */
const NEEDS_LAYOUT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\p{M}\p{Default_Ignorable_Code_Point}]/u;

/** Each face parsed once (see documentFont). */
const parsedFaces = new Map<UnicodeFace, Fontkit.Font>();

/**
 * A fontkit font for one document. Parsing a DejaVu face (thousands of glyphs, large layout tables) takes tens of
 * milliseconds, so each face is parsed once per process and each document gets an object that inherits its decoded
 * tables but has its own glyph objects: fontkit keeps on a glyph the code points it was first reached from, and pdf-lib
 * writes those into the document's ToUnicode map, so shared glyphs would let one document's text change how another
 * extracts (and its bytes).
 *
 * Text of scripts that need no shaping (Latin, Greek, Cyrillic, …) is mapped to glyphs through the character map, as
 * layout would map it except that no ligatures are formed (pdf-lib ignores layout's positioning, kerning included,
 * anyway): layout costs about a millisecond a line, the character map a few microseconds. Other text is laid out.
 */
function documentFont(face: UnicodeFace): Fontkit.Font {
  let shared = parsedFaces.get(face);
  if (!shared) {
    shared = fontkit().create(unicodeFontBytes(face));
    // computed (and cached by fontkit) on the shared object, so that every document inherits them
    void shared.characterSet;
    void shared.bbox;
    parsedFaces.set(face, shared);
  }
  const font = Object.create(shared) as Fontkit.Font & { _glyphs: Record<number, Fontkit.Glyph> };
  font._glyphs = {};
  const layout = shared.layout;
  font.layout = function (this: Fontkit.Font, text: string | Fontkit.Glyph[], ...rest: unknown[]) {
    if (typeof text === 'string' && !NEEDS_LAYOUT.test(text)) return { glyphs: this.glyphsForString(text) } as Fontkit.GlyphRun;
    return (layout as (...a: unknown[]) => Fontkit.GlyphRun).call(this, text, ...rest);
  } as typeof font.layout;
  return font;
}

/** The faces by their bytes, for pdf-lib's call to fontkit.create (embedUnicodeFont passes the cached bytes). */
const faceOfBytes = new Map<Uint8Array, UnicodeFace>();

/** fontkit as pdf-lib sees it: a DejaVu face's bytes give documentFont's object, anything else is parsed as usual. */
const documentFontkit = {
  create(bytes: Uint8Array, postscriptName?: string): Fontkit.Font {
    const face = faceOfBytes.get(bytes);
    return face ? documentFont(face) : fontkit().create(bytes, postscriptName);
  },
};

/** Which face each embedded font is, for the width cache. */
const faceOfFont = new WeakMap<PDFFont, UnicodeFace>();

/** Embeds a DejaVu face in `doc`, subset to the glyphs the document draws (a page of text adds a few kB per face). */
export async function embedUnicodeFont(doc: PDFDocument, face: UnicodeFace): Promise<PDFFont> {
  doc.registerFontkit(documentFontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  const bytes = unicodeFontBytes(face);
  faceOfBytes.set(bytes, face);
  const font = await doc.embedFont(bytes, { subset: true });
  faceOfFont.set(font, face);
  return font;
}

/**
 * Word widths (at 1000 points) per face, for the life of the process: wrapping measures every line it tries, a word
 * of a script that needs layout costs about half a millisecond to measure, and words recur within and across
 * documents. Bounded: emptied when full.
 */
const wordWidths = new Map<UnicodeFace, Map<string, number>>();
const WORD_WIDTHS_MAX = 20_000;

/**
 * The width of `text` at `size`, as pdf-lib draws it: the sum of its words' widths and its spaces' (pdf-lib ignores
 * kerning, and ligatures never span a space). A font that is not a DejaVu face is measured directly.
 */
export function textWidth(font: PDFFont, text: string, size: number): number {
  const face = faceOfFont.get(font);
  if (!face) return font.widthOfTextAtSize(text, size);
  let cache = wordWidths.get(face);
  if (!cache) wordWidths.set(face, (cache = new Map()));
  let total = 0;
  let first = true;
  for (const word of text.split(' ')) {
    if (!first) total += wordWidth(font, cache, ' ');
    first = false;
    if (word) total += word.length > 64 ? font.widthOfTextAtSize(word, 1000) : wordWidth(font, cache, word);
  }
  return (total * size) / 1000;
}

function wordWidth(font: PDFFont, cache: Map<string, number>, word: string): number {
  let w = cache.get(word);
  if (w === undefined) {
    w = font.widthOfTextAtSize(word, 1000);
    if (cache.size >= WORD_WIDTHS_MAX) cache.clear();
    cache.set(word, w);
  }
  return w;
}

// ---------- the resume ----------

export const PAPER_SIZES = { letter: [612, 792], a4: [595.28, 841.89] } as const;
export type PaperSize = keyof typeof PAPER_SIZES;

/** Thrown when the resume holds characters the PDF fonts cannot write; the message says which and where. */
export class UnsupportedCharactersError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedCharactersError';
  }
}

const SPACE_OR_MARK = /^[\s\p{M}]$/u;

/**
 * One style of text (regular, bold or italic) as a list of faces: each character is drawn by the first face that has
 * it, as a fontconfig fallback would (DejaVu Serif's missing Hebrew comes from DejaVu Sans). Widths are measured the
 * same way, so wrapping matches what is drawn.
 */
export class FaceStack {
  private readonly sets: Set<number>[];
  constructor(readonly faces: PDFFont[]) {
    this.sets = faces.map((f) => new Set(f.getCharacterSet()));
  }

  /** Whether some face of the stack can draw `ch`. */
  has(ch: string): boolean {
    const cp = ch.codePointAt(0)!;
    return this.sets.some((s) => s.has(cp));
  }

  /** `text` in runs of one face; a character no face has stays with the current face (renderResumePdf refuses it before). */
  runs(text: string): { font: PDFFont; text: string }[] {
    const out: { font: PDFFont; text: string }[] = [];
    let face = -1;
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      let i = face;
      // a space or a combining mark stays in the run it is in, so a run is not cut at every space
      if (!(face >= 0 && this.sets[face].has(cp) && SPACE_OR_MARK.test(ch))) {
        const found = this.sets.findIndex((s) => s.has(cp));
        i = found >= 0 ? found : Math.max(face, 0);
      }
      if (i === face) out[out.length - 1].text += ch;
      else {
        out.push({ font: this.faces[i], text: ch });
        face = i;
      }
    }
    return out;
  }

  widthOfTextAtSize(text: string, size: number): number {
    if (this.faces.length === 1) return textWidth(this.faces[0], text, size);
    return this.runs(text).reduce((w, r) => w + textWidth(r.font, r.text, size), 0);
  }

  /** Draws `text` with its left end at `x`. */
  draw(page: PDFPage, text: string, o: { x: number; y: number; size: number; color: RGB }): void {
    let x = o.x;
    for (const r of this.runs(text)) {
      page.drawText(r.text, { x, y: o.y, size: o.size, font: r.font, color: o.color });
      x += textWidth(r.font, r.text, o.size);
    }
  }
}

interface Fonts {
  regular: FaceStack;
  bold: FaceStack;
  italic: FaceStack;
}

function hex(c: string) {
  const n = parseInt(c, 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** Greedy word wrap by measured width; a word longer than the line (a long URL) is cut where it must be. */
export function wrapText(text: string, font: Pick<PDFFont, 'widthOfTextAtSize'>, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (!fits(rest)) {
      // the longest head that fits (at least one character), by bisection: a 400-character word measured once per
      // length would take seconds over a resume of such bullets
      let lo = 1;
      let hi = rest.length - 1;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (fits(rest.slice(0, mid))) lo = mid;
        else hi = mid - 1;
      }
      lines.push(rest.slice(0, lo));
      rest = rest.slice(lo);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

class Writer {
  private page: PDFPage;
  private y: number;
  readonly width: number;
  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly style: LayoutStyle,
    private readonly paper: readonly [number, number],
  ) {
    this.page = doc.addPage([...paper]);
    this.y = paper[1] - style.margin;
    this.width = paper[0] - 2 * style.margin;
  }

  private ensure(height: number) {
    if (this.y - height >= this.style.margin) return;
    this.page = this.doc.addPage([...this.paper]);
    this.y = this.paper[1] - this.style.margin;
  }

  space(points: number) {
    this.y -= points;
  }

  /** Wrapped lines of one font and size; `indent` shifts every line, `first` prefixes the first (a bullet). */
  lines(text: string, opts: { font: FaceStack; size: number; color?: string; align?: 'left' | 'center'; indent?: number; bullet?: boolean; right?: string }) {
    const { font, size } = opts;
    const lead = size * this.style.lineHeight;
    const indent = opts.indent ?? 0;
    const rightWidth = opts.right ? this.fonts.regular.widthOfTextAtSize(opts.right, size) + 12 : 0;
    const wrapped = wrapText(text, font, size, this.width - indent - rightWidth);
    wrapped.forEach((line, i) => {
      this.ensure(lead);
      this.y -= lead;
      const w = font.widthOfTextAtSize(line, size);
      const x = opts.align === 'center' ? this.style.margin + (this.width - w) / 2 : this.style.margin + indent;
      const color = hex(opts.color ?? '111111');
      if (opts.bullet && i === 0) this.fonts.regular.draw(this.page, '•', { x: this.style.margin + indent - size * 0.9, y: this.y, size, color });
      font.draw(this.page, line, { x, y: this.y, size, color });
      if (opts.right && i === 0) {
        const rw = this.fonts.regular.widthOfTextAtSize(opts.right, size);
        this.fonts.regular.draw(this.page, opts.right, { x: this.style.margin + this.width - rw, y: this.y, size, color: hex('333333') });
      }
    });
  }

  rule(color: string) {
    this.y -= 3;
    this.page.drawLine({
      start: { x: this.style.margin, y: this.y },
      end: { x: this.style.margin + this.width, y: this.y },
      thickness: 0.6,
      color: hex(color),
    });
    this.y -= 2;
  }

  keepWithNext(height: number) {
    this.ensure(height);
  }
}

/** The style each kind of block is set in (a block's right-hand text, the dates, is regular). */
const STYLE_OF: Record<ResumeBlock['kind'], keyof Fonts> = {
  name: 'bold',
  headline: 'regular',
  contact: 'regular',
  heading: 'bold',
  entry: 'bold',
  subline: 'italic',
  paragraph: 'regular',
  bullet: 'regular',
};

function drawBlock(w: Writer, b: ResumeBlock, s: LayoutStyle, f: Fonts, prev: ResumeBlock | undefined) {
  const body = s.bodySize;
  const font = f[STYLE_OF[b.kind]];
  switch (b.kind) {
    case 'name':
      w.lines(b.text, { font, size: s.nameSize, color: s.accent, align: s.nameAlign });
      break;
    case 'headline':
      w.lines(b.text, { font, size: s.headlineSize, color: '333333', align: s.nameAlign });
      break;
    case 'contact':
      w.lines(b.text, { font, size: body, color: '333333', align: s.nameAlign });
      break;
    case 'heading':
      w.space(s.sectionGap);
      // a heading never ends a page: keep room for it and the first lines under it
      w.keepWithNext(s.headingSize * s.lineHeight + body * s.lineHeight * 3);
      w.lines(b.text, { font, size: s.headingSize, color: s.accent });
      if (s.headingRule) w.rule(s.accent);
      break;
    case 'entry':
      if (prev && prev.kind !== 'heading') w.space(s.entryGap);
      w.keepWithNext(body * s.lineHeight * 3);
      w.lines(b.text, { font, size: body, right: b.right || undefined });
      break;
    case 'subline':
      w.lines(b.text, { font, size: body, color: '333333', right: b.right || undefined });
      break;
    case 'paragraph':
      if (prev?.kind === 'paragraph') w.space(body * 0.4);
      w.lines(b.text, { font, size: body });
      break;
    case 'bullet':
      w.lines(b.text, { font, size: body, indent: body * 1.3, bullet: true });
      break;
  }
}

export interface PdfOptions {
  paper?: PaperSize;
}

/** The faces of each style; the sans faces draw what the serif ones lack, and regular Sans what any other face lacks. */
const FACES = {
  serif: { regular: ['serif', 'sans'], bold: ['serifBold', 'sansBold', 'sans'], italic: ['serifItalic', 'sansOblique', 'sans'] },
  sans: { regular: ['sans'], bold: ['sansBold', 'sans'], italic: ['sansOblique', 'sans'] },
} as const satisfies Record<LayoutStyle['font'], Record<keyof Fonts, readonly UnicodeFace[]>>;

/**
 * The resume as PDF bytes. Throws UnsupportedCharactersError when a field holds characters the PDF cannot write
 * (nothing is silently dropped); characters it substitutes are listed by charset.ts.
 */
export async function renderResumePdf(model: ResumeModel, layout: ResumeLayoutId, opts: PdfOptions = {}): Promise<Uint8Array> {
  const report = pdfCharacterReport(model);
  if (report.unsupported.length) throw new UnsupportedCharactersError(unsupportedMessage(report));
  const { style, blocks } = layoutResume(model, layout);
  const doc = await PDFDocument.create();
  const texts = blocks.map(
    (block) => ({ ...block, text: toPdfText(block.text), ...('right' in block ? { right: toPdfText(block.right) } : {}) }) as ResumeBlock,
  );
  // the characters each style draws
  const chars: Record<keyof Fonts, Set<string>> = { regular: new Set('•'), bold: new Set(), italic: new Set() };
  for (const b of texts) {
    for (const ch of b.text) chars[STYLE_OF[b.kind]].add(ch);
    if ('right' in b) for (const ch of b.right) chars.regular.add(ch);
  }
  // each style's first face, and a fallback face only when its text has characters the faces before it lack (an
  // embedded face costs a few kB even when nothing is drawn with it)
  const embedded = new Map<UnicodeFace, PDFFont>();
  const stack = async (kind: keyof Fonts) => {
    const used: PDFFont[] = [];
    let rest = [...chars[kind]].filter((ch) => !/\s/.test(ch));
    for (const face of FACES[style.font][kind]) {
      if (used.length && !rest.length) break;
      let font = embedded.get(face);
      if (!font) embedded.set(face, (font = await embedUnicodeFont(doc, face)));
      used.push(font);
      const set = new Set(font.getCharacterSet());
      rest = rest.filter((ch) => !set.has(ch.codePointAt(0)!));
    }
    // a last check against the fonts themselves: charset.ts lets nothing through that they cannot draw, and if it
    // ever did, the export is refused rather than printed with blank boxes
    if (rest.length)
      throw new UnsupportedCharactersError(
        `The PDF fonts cannot write ${rest
          .slice(0, 6)
          .map((c) => `"${c}"`)
          .join(', ')}. Download the DOCX instead, which keeps every character, or replace them with Latin letters.`,
      );
    return new FaceStack(used);
  };
  const regular = await stack('regular');
  // a style with no text (a resume without sublines has no italics) is never drawn: no face of its own
  const fonts: Fonts = {
    regular,
    bold: chars.bold.size ? await stack('bold') : regular,
    italic: chars.italic.size ? await stack('italic') : regular,
  };
  const name = blocks.find((b) => b.kind === 'name')?.text;
  doc.setTitle(toPdfText(name ? `${name} – Resume` : 'Resume'));
  if (name) doc.setAuthor(toPdfText(name));
  doc.setCreator('Veritext Resume Writer');
  doc.setProducer('pdf-lib');
  // fixed dates: the same resume gives the same bytes
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));

  const w = new Writer(doc, fonts, style, PAPER_SIZES[opts.paper ?? 'letter']);
  let prev: ResumeBlock | undefined;
  for (const b of texts) {
    drawBlock(w, b, style, fonts, prev);
    prev = b;
  }
  return doc.save();
}
