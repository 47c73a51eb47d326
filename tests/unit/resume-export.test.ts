import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  emptyResume,
  layoutResume,
  normalizeResume,
  pdfCharacterReport,
  renderResumeDocx,
  renderResumePdf,
  RESUME_LAYOUTS,
  resumeFields,
  resumeToText,
  SECTION_HEADINGS,
  UnsupportedCharactersError,
  type ResumeModel,
} from '../../src/engines/resume';
import { RESUME } from './resume-fixture';
import { pdfText } from '../helpers/pdf-text';

async function docxXml(bytes: Uint8Array): Promise<{ xml: string; text: string }> {
  const zip = await JSZip.loadAsync(bytes);
  const xml = await zip.file('word/document.xml')!.async('string');
  const text = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)]
    .map((p) => [...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<w:tab\/>/g)].map((m) => (m[1] === undefined ? ' ' : m[1])).join(''))
    .join('\n')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
  return { xml, text };
}

/** Every field's value must appear in the text (the flattened text, whitespace collapsed, so wrapped lines match). */
function expectEveryField(text: string, m: ResumeModel) {
  const flat = text.replace(/\s+/g, ' ');
  for (const { field, value } of resumeFields(normalizeResume(m))) {
    // a wrapped PDF line may split a value between lines: compare with whitespace collapsed
    expect(flat, field).toContain(value.replace(/\s+/g, ' '));
  }
}

describe('resume layout', () => {
  it('uses the standard section headings, in order, and drops empty rows', () => {
    const m = structuredClone(RESUME);
    m.experience.push({ title: '', organization: '', location: '', start: '', end: '', bullets: ['  '] });
    const { blocks } = layoutResume(m, 'modern');
    expect(blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual([
      SECTION_HEADINGS.summary,
      SECTION_HEADINGS.experience,
      SECTION_HEADINGS.education,
      SECTION_HEADINGS.skills,
      SECTION_HEADINGS.certifications,
    ]);
    expect(blocks.filter((b) => b.kind === 'entry')).toHaveLength(3);
    expect(blocks[0]).toEqual({ kind: 'name', text: 'Jordan Alvarez' });
    expect(blocks).toContainEqual({ kind: 'contact', text: 'GitHub: https://github.com/jalvarez | Portfolio: https://jalvarez.dev' });
  });

  it('classic upper-cases the headings; compact puts title and organization on one line', () => {
    expect(layoutResume(RESUME, 'classic').blocks.find((b) => b.kind === 'heading')!.text).toBe('SUMMARY');
    const compact = layoutResume(RESUME, 'compact').blocks;
    expect(compact).toContainEqual({ kind: 'entry', text: 'Senior Backend Engineer, Lumen Payments — Remote', right: 'Mar 2021 – Present' });
    expect(compact.some((b) => b.kind === 'subline')).toBe(false);
  });

  it('renders plain text with every field', () => {
    expectEveryField(resumeToText(RESUME), RESUME);
  });
});

describe('resume PDF export', () => {
  it.each(RESUME_LAYOUTS)('%s: a valid PDF that contains every field', async (layout) => {
    const bytes = await renderResumePdf(RESUME, layout);
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expectEveryField(text, RESUME);
  });

  it('flows onto a second page when the resume is long, losing nothing', async () => {
    const long = structuredClone(RESUME);
    for (let i = 0; i < 8; i++)
      long.experience.push({
        title: `Engineer ${i + 1}`,
        organization: `Company ${i + 1}`,
        start: '2010',
        end: '2011',
        bullets: Array.from({ length: 6 }, (_, j) => `Delivered project ${i + 1}.${j + 1} with a long description that wraps onto a second line in the layout`),
      });
    const bytes = await renderResumePdf(long, 'classic', { paper: 'a4' });
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
    expect(doc.numPages).toBeGreaterThan(1);
    await doc.destroy();
    expectEveryField(await pdfText(bytes), long);
  });

  it('writes Latin with any diacritic, Greek, Cyrillic, Vietnamese and symbols as typed, substituting nothing', async () => {
    const m = structuredClone(RESUME);
    m.contact.name = 'Antonín Dvořák';
    m.contact.headline = 'Инженер-программист · Μηχανικός λογισμικού';
    m.experience[0].bullets.push('Cut costs → saved budget');
    m.skills.push('Tiếng Việt');
    const report = pdfCharacterReport(m);
    expect(report).toEqual({ unsupported: [], substituted: [] });
    for (const layout of RESUME_LAYOUTS) {
      const text = (await pdfText(await renderResumePdf(m, layout))).replace(/\s+/g, ' ');
      for (const s of ['Antonín Dvořák', 'Инженер-программист · Μηχανικός λογισμικού', 'Cut costs → saved budget', 'Tiếng Việt'])
        expect(text, layout).toContain(s);
    }
  });

  it('refuses characters its font cannot write, naming them and the fields, and the DOCX keeps them', async () => {
    const m = structuredClone(RESUME);
    m.contact.name = 'Жанна Петрова';
    m.skills.push('日本語');
    const report = pdfCharacterReport(m);
    expect(report.unsupported).toEqual([
      { char: '日', fields: ['Skill 6'] },
      { char: '本', fields: ['Skill 6'] },
      { char: '語', fields: ['Skill 6'] },
    ]);
    await expect(renderResumePdf(m, 'classic')).rejects.toThrow(UnsupportedCharactersError);
    await expect(renderResumePdf(m, 'classic')).rejects.toThrow(/cannot write "日", "本", "語" \(in Skill 6\)\. Download the DOCX instead/);
    const { text } = await docxXml(await renderResumeDocx(m, 'classic'));
    expect(text).toContain('Жанна Петрова');
    expect(text).toContain('日本語');
  });

  it('renders a full resume quickly (inline rendering is safe)', async () => {
    const t0 = performance.now();
    for (let i = 0; i < 5; i++) await renderResumePdf(RESUME, 'modern');
    const pdfMs = (performance.now() - t0) / 5;
    const t1 = performance.now();
    for (let i = 0; i < 5; i++) await renderResumeDocx(RESUME, 'modern');
    const docxMs = (performance.now() - t1) / 5;
    console.info(`resume render: PDF ${pdfMs.toFixed(1)} ms, DOCX ${docxMs.toFixed(1)} ms`);
    expect(pdfMs).toBeLessThan(200);
    expect(docxMs).toBeLessThan(200);
  });
});

describe('resume DOCX export', () => {
  it.each(RESUME_LAYOUTS)('%s: a valid DOCX whose document.xml contains every field', async (layout) => {
    const bytes = await renderResumeDocx(RESUME, layout);
    expect(Buffer.from(bytes.slice(0, 2)).toString()).toBe('PK');
    const { xml, text } = await docxXml(bytes);
    expectEveryField(text, RESUME);
    // ATS-safe: headings are Word headings, bullets are real list items, and nothing is laid out in tables or boxes
    expect(xml).toContain('<w:pStyle w:val="Heading1"/>');
    expect(xml).toContain('<w:pStyle w:val="Title"/>');
    expect((xml.match(/<w:numPr>/g) ?? []).length).toBe(6);
    expect(xml).not.toMatch(/<w:tbl>|<w:txbxContent>|<w:drawing>|<w:cols w:num="[2-9]"/);
  });

  it('an empty resume with only a name still renders', async () => {
    const m = emptyResume();
    m.contact.name = 'Sam Lee';
    const { text } = await docxXml(await renderResumeDocx(m, 'compact'));
    expect(text.trim()).toBe('Sam Lee');
    expect(await pdfText(await renderResumePdf(m, 'compact'))).toContain('Sam Lee');
  });
});
