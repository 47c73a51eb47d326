/**
 * Layout → DOCX bytes with docx. Word's own structures only: Title and Heading 1 styles for the name and the section
 * headings (an ATS and a screen reader see them as headings), real bullet numbering, a right tab stop for the dates.
 * No tables, text boxes, columns, images or page headers. Unicode is kept as typed.
 */
import { AlignmentType, BorderStyle, Document, LevelFormat, Packer, Paragraph, Tab, TabStopType, TextRun, type IParagraphOptions } from 'docx';
import { layoutResume, type ResumeBlock } from './layout';
import type { ResumeLayoutId, ResumeModel } from './model';
import { PAPER_SIZES, type PaperSize } from './pdf';

/** Points → twentieths of a point (DOCX measures), and → half-points (font sizes). */
const twip = (pt: number) => Math.round(pt * 20);
const half = (pt: number) => Math.round(pt * 2);

export interface DocxOptions {
  paper?: PaperSize;
}

export async function renderResumeDocx(model: ResumeModel, layout: ResumeLayoutId, opts: DocxOptions = {}): Promise<Uint8Array> {
  const { style, blocks } = layoutResume(model, layout);
  const font = style.font === 'serif' ? 'Times New Roman' : 'Arial';
  const [pageW, pageH] = PAPER_SIZES[opts.paper ?? 'letter'];
  const contentWidth = twip(pageW - 2 * style.margin);
  const line = Math.round(240 * style.lineHeight * 0.85);
  const align = style.nameAlign === 'center' ? AlignmentType.CENTER : AlignmentType.LEFT;
  const rightTab = { tabStops: [{ type: TabStopType.RIGHT, position: contentWidth }] };

  const withRight = (text: string, right: string, run: { bold?: boolean; italics?: boolean; color?: string }) =>
    right ? [new TextRun({ text, ...run }), new TextRun({ children: [new Tab(), right], color: '333333' })] : [new TextRun({ text, ...run })];

  const paragraphs: Paragraph[] = [];
  let prev: ResumeBlock | undefined;
  for (const b of blocks) {
    let p: IParagraphOptions;
    switch (b.kind) {
      case 'name':
        p = { style: 'Title', alignment: align, children: [new TextRun(b.text)] };
        break;
      case 'headline':
        p = { alignment: align, children: [new TextRun({ text: b.text, size: half(style.headlineSize), color: '333333' })] };
        break;
      case 'contact':
        p = { alignment: align, children: [new TextRun({ text: b.text, color: '333333' })] };
        break;
      case 'heading':
        p = { style: 'Heading1', children: [new TextRun(b.text)] };
        break;
      case 'entry':
        p = {
          ...rightTab,
          keepNext: true,
          spacing: { before: prev && prev.kind !== 'heading' ? twip(style.entryGap) : 0 },
          children: withRight(b.text, b.right, { bold: true }),
        };
        break;
      case 'subline':
        p = { ...rightTab, keepNext: true, children: withRight(b.text, b.right, { italics: true, color: '333333' }) };
        break;
      case 'paragraph':
        p = { spacing: { before: prev?.kind === 'paragraph' ? twip(style.bodySize * 0.4) : 0 }, children: [new TextRun(b.text)] };
        break;
      case 'bullet':
        p = { numbering: { reference: 'resume-bullets', level: 0 }, children: [new TextRun(b.text)] };
        break;
    }
    paragraphs.push(new Paragraph(p));
    prev = b;
  }

  const name = blocks.find((b) => b.kind === 'name')?.text;
  const doc = new Document({
    creator: 'Veritext Resume Writer',
    title: name ? `${name} – Resume` : 'Resume',
    styles: {
      default: {
        document: { run: { font, size: half(style.bodySize), color: '111111' }, paragraph: { spacing: { line, before: 0, after: 0 } } },
      },
      paragraphStyles: [
        {
          id: 'Title',
          name: 'Title',
          basedOn: 'Normal',
          next: 'Normal',
          quickFormat: true,
          run: { font, size: half(style.nameSize), bold: true, color: style.accent },
          paragraph: { spacing: { after: 40 } },
        },
        {
          id: 'Heading1',
          name: 'Heading 1',
          basedOn: 'Normal',
          next: 'Normal',
          quickFormat: true,
          run: { font, size: half(style.headingSize), bold: true, color: style.accent },
          paragraph: {
            keepNext: true,
            spacing: { before: twip(style.sectionGap), after: 60 },
            ...(style.headingRule ? { border: { bottom: { style: BorderStyle.SINGLE, size: 4, space: 1, color: style.accent } } } : {}),
          },
        },
      ],
    },
    numbering: {
      config: [
        {
          reference: 'resume-bullets',
          levels: [
            {
              level: 0,
              format: LevelFormat.BULLET,
              text: '•',
              alignment: AlignmentType.LEFT,
              style: { paragraph: { indent: { left: twip(style.bodySize * 1.3), hanging: twip(style.bodySize * 0.9) } } },
            },
          ],
        },
      ],
    },
    sections: [
      {
        properties: {
          page: {
            size: { width: twip(pageW), height: twip(pageH) },
            margin: { top: twip(style.margin), bottom: twip(style.margin), left: twip(style.margin), right: twip(style.margin) },
          },
        },
        children: paragraphs,
      },
    ],
  });
  const buf = await Packer.toBuffer(doc);
  return new Uint8Array(buf);
}
