/**
 * Layout → PDF bytes with pdf-lib and the DejaVu fonts (embedded, subset to the glyphs drawn, by ../pdf-fonts.ts; see
 * charset.ts for what the export lets through). Text is real text, drawn line by line top to bottom in one column, so
 * a PDF reader or an ATS extracts it in reading order.
 */
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { embedUnicodeFont, FaceStack, type UnicodeFace } from '../pdf-fonts';
import { pdfCharacterReport, toPdfText, unsupportedMessage } from './charset';
import { layoutResume, type LayoutStyle, type ResumeBlock } from './layout';
import type { ResumeLayoutId, ResumeModel } from './model';

export const PAPER_SIZES = { letter: [612, 792], a4: [595.28, 841.89] } as const;
export type PaperSize = keyof typeof PAPER_SIZES;

/** Thrown when the resume holds characters the PDF fonts cannot write; the message says which and where. */
export class UnsupportedCharactersError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedCharactersError';
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
