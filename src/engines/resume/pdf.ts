/**
 * Layout → PDF bytes with pdf-lib and the standard fonts (see charset.ts for what they can write). Text is real text,
 * drawn line by line top to bottom in one column, so a PDF reader or an ATS extracts it in reading order.
 */
import { PDFDocument, PDFFont, rgb, StandardFonts, type PDFPage } from 'pdf-lib';
import { pdfCharacterReport, toPdfText, unsupportedMessage } from './charset';
import { layoutResume, type LayoutStyle, type ResumeBlock } from './layout';
import type { ResumeLayoutId, ResumeModel } from './model';

export const PAPER_SIZES = { letter: [612, 792], a4: [595.28, 841.89] } as const;
export type PaperSize = keyof typeof PAPER_SIZES;

/** Thrown when the resume holds characters the standard PDF fonts cannot write; the message says which and where. */
export class UnsupportedCharactersError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedCharactersError';
  }
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

function hex(c: string) {
  const n = parseInt(c, 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** Greedy word wrap by measured width; a word longer than the line (a long URL) is cut where it must be. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
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
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
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
  lines(text: string, opts: { font: PDFFont; size: number; color?: string; align?: 'left' | 'center'; indent?: number; bullet?: boolean; right?: string }) {
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
      if (opts.bullet && i === 0) this.page.drawText('•', { x: this.style.margin + indent - size * 0.9, y: this.y, size, font: this.fonts.regular, color });
      this.page.drawText(line, { x, y: this.y, size, font, color });
      if (opts.right && i === 0) {
        const rw = this.fonts.regular.widthOfTextAtSize(opts.right, size);
        this.page.drawText(opts.right, { x: this.style.margin + this.width - rw, y: this.y, size, font: this.fonts.regular, color: hex('333333') });
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

function drawBlock(w: Writer, b: ResumeBlock, s: LayoutStyle, f: Fonts, prev: ResumeBlock | undefined) {
  const body = s.bodySize;
  switch (b.kind) {
    case 'name':
      w.lines(b.text, { font: f.bold, size: s.nameSize, color: s.accent, align: s.nameAlign });
      break;
    case 'headline':
      w.lines(b.text, { font: f.regular, size: s.headlineSize, color: '333333', align: s.nameAlign });
      break;
    case 'contact':
      w.lines(b.text, { font: f.regular, size: body, color: '333333', align: s.nameAlign });
      break;
    case 'heading':
      w.space(s.sectionGap);
      // a heading never ends a page: keep room for it and the first lines under it
      w.keepWithNext(s.headingSize * s.lineHeight + body * s.lineHeight * 3);
      w.lines(b.text, { font: f.bold, size: s.headingSize, color: s.accent });
      if (s.headingRule) w.rule(s.accent);
      break;
    case 'entry':
      if (prev && prev.kind !== 'heading') w.space(s.entryGap);
      w.keepWithNext(body * s.lineHeight * 3);
      w.lines(b.text, { font: f.bold, size: body, right: b.right || undefined });
      break;
    case 'subline':
      w.lines(b.text, { font: f.italic, size: body, color: '333333', right: b.right || undefined });
      break;
    case 'paragraph':
      if (prev?.kind === 'paragraph') w.space(body * 0.4);
      w.lines(b.text, { font: f.regular, size: body });
      break;
    case 'bullet':
      w.lines(b.text, { font: f.regular, size: body, indent: body * 1.3, bullet: true });
      break;
  }
}

export interface PdfOptions {
  paper?: PaperSize;
}

/**
 * The resume as PDF bytes. Throws UnsupportedCharactersError when a field holds characters the standard fonts
 * cannot write (nothing is silently dropped); diacritics they lack are written as base letters (charset.ts).
 */
export async function renderResumePdf(model: ResumeModel, layout: ResumeLayoutId, opts: PdfOptions = {}): Promise<Uint8Array> {
  const report = pdfCharacterReport(model);
  if (report.unsupported.length) throw new UnsupportedCharactersError(unsupportedMessage(report));
  const { style, blocks } = layoutResume(model, layout);
  const doc = await PDFDocument.create();
  const serif = style.font === 'serif';
  const fonts: Fonts = {
    regular: await doc.embedFont(serif ? StandardFonts.TimesRoman : StandardFonts.Helvetica),
    bold: await doc.embedFont(serif ? StandardFonts.TimesRomanBold : StandardFonts.HelveticaBold),
    italic: await doc.embedFont(serif ? StandardFonts.TimesRomanItalic : StandardFonts.HelveticaOblique),
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
  for (const block of blocks) {
    const b = { ...block, text: toPdfText(block.text), ...('right' in block ? { right: toPdfText(block.right) } : {}) } as ResumeBlock;
    drawBlock(w, b, style, fonts, prev);
    prev = b;
  }
  return doc.save();
}
