/**
 * Model → layout: the resume as an ordered list of blocks (name, contact line, section heading, entry, bullet, ...)
 * plus the typography of the chosen layout. The page preview, the PDF and the DOCX all draw these same blocks, so
 * what the user sees is what they download.
 *
 * Every layout is ATS-safe by construction: one column, real text in reading order, the standard section headings,
 * contact details in the body (not in a page header), no tables, text boxes or images.
 */
import { dateRange, normalizeResume, SECTION_HEADINGS, type ResumeLayoutId, type ResumeModel } from './model';

export type ResumeBlock =
  | { kind: 'name'; text: string }
  | { kind: 'headline'; text: string }
  /** One line of contact details, already joined. */
  | { kind: 'contact'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** The bold first line of an entry, with the dates (or place) set right. */
  | { kind: 'entry'; text: string; right: string }
  /** The italic second line of an entry (organization, place). */
  | { kind: 'subline'; text: string; right: string }
  | { kind: 'bullet'; text: string };

export interface LayoutStyle {
  id: ResumeLayoutId;
  font: 'serif' | 'sans';
  /** Sizes in points. */
  nameSize: number;
  headlineSize: number;
  bodySize: number;
  headingSize: number;
  nameAlign: 'center' | 'left';
  headingUppercase: boolean;
  /** A thin rule under each section heading. */
  headingRule: boolean;
  /** Colour of the name and headings, as hex RRGGBB. */
  accent: string;
  /** Page margin in points. */
  margin: number;
  /** Line height as a multiple of the font size. */
  lineHeight: number;
  /** Space before a section heading, in points. */
  sectionGap: number;
  /** Space before an entry, in points. */
  entryGap: number;
}

export const LAYOUT_STYLES: Record<ResumeLayoutId, LayoutStyle> = {
  classic: {
    id: 'classic',
    font: 'serif',
    nameSize: 22,
    headlineSize: 12,
    bodySize: 11,
    headingSize: 12,
    nameAlign: 'center',
    headingUppercase: true,
    headingRule: true,
    accent: '111111',
    margin: 54,
    lineHeight: 1.3,
    sectionGap: 14,
    entryGap: 7,
  },
  modern: {
    id: 'modern',
    font: 'sans',
    nameSize: 24,
    headlineSize: 12,
    bodySize: 10.5,
    headingSize: 12.5,
    nameAlign: 'left',
    headingUppercase: false,
    headingRule: false,
    accent: '1d4ed8',
    margin: 50,
    lineHeight: 1.35,
    sectionGap: 14,
    entryGap: 7,
  },
  compact: {
    id: 'compact',
    font: 'sans',
    nameSize: 17,
    headlineSize: 10.5,
    bodySize: 9.5,
    headingSize: 10.5,
    nameAlign: 'left',
    headingUppercase: true,
    headingRule: true,
    accent: '222222',
    margin: 36,
    lineHeight: 1.22,
    sectionGap: 8,
    entryGap: 4,
  },
};

export interface ResumeLayout {
  style: LayoutStyle;
  blocks: ResumeBlock[];
}

const join = (parts: (string | undefined)[], sep: string) => parts.filter((p) => p && p.length > 0).join(sep);

/** Lay out a resume (normalised first: empty rows never show). */
export function layoutResume(input: ResumeModel, layout: ResumeLayoutId): ResumeLayout {
  const m = normalizeResume(input);
  const style = LAYOUT_STYLES[layout];
  const compact = layout === 'compact';
  const blocks: ResumeBlock[] = [];
  const heading = (text: string) => blocks.push({ kind: 'heading', text: style.headingUppercase ? text.toUpperCase() : text });

  const c = m.contact;
  if (c.name) blocks.push({ kind: 'name', text: c.name });
  if (c.headline) blocks.push({ kind: 'headline', text: c.headline });
  const contact = join([c.email, c.phone, c.location], ' | ');
  if (contact) blocks.push({ kind: 'contact', text: contact });
  // links are written out in full: an ATS reads the text, and a printed page cannot be clicked
  const links = (c.links ?? []).map((l) => (l.label && l.url ? `${l.label}: ${l.url}` : l.url || l.label));
  if (links.length) blocks.push({ kind: 'contact', text: links.join(' | ') });

  if (m.summary) {
    heading(SECTION_HEADINGS.summary);
    for (const p of m.summary.split('\n\n')) blocks.push({ kind: 'paragraph', text: p });
  }

  if (m.experience.length) {
    heading(SECTION_HEADINGS.experience);
    for (const e of m.experience) {
      const dates = dateRange(e.start, e.end);
      if (compact) {
        blocks.push({ kind: 'entry', text: join([join([e.title, e.organization], ', '), e.location], ' — '), right: dates });
      } else {
        blocks.push({ kind: 'entry', text: e.title || e.organization, right: dates });
        const sub = join([e.title ? e.organization : '', e.location], ' | ');
        if (sub) blocks.push({ kind: 'subline', text: sub, right: '' });
      }
      for (const b of e.bullets) blocks.push({ kind: 'bullet', text: b });
    }
  }

  if (m.education.length) {
    heading(SECTION_HEADINGS.education);
    for (const e of m.education) {
      const dates = dateRange(e.start, e.end);
      if (compact) {
        blocks.push({ kind: 'entry', text: join([join([e.degree, e.institution], ', '), e.location], ' — '), right: dates });
      } else {
        blocks.push({ kind: 'entry', text: e.degree || e.institution, right: dates });
        const sub = join([e.degree ? e.institution : '', e.location], ' | ');
        if (sub) blocks.push({ kind: 'subline', text: sub, right: '' });
      }
      if (e.details) blocks.push({ kind: 'paragraph', text: e.details });
    }
  }

  if (m.skills.length) {
    heading(SECTION_HEADINGS.skills);
    blocks.push({ kind: 'paragraph', text: m.skills.join(', ') });
  }

  if (m.certifications?.length) {
    heading(SECTION_HEADINGS.certifications);
    for (const cert of m.certifications) blocks.push({ kind: 'bullet', text: join([cert.name, join([cert.issuer, cert.year], ', ')], ' — ') });
  }

  return { style, blocks };
}

/** The resume as plain text, in the same order as the layouts (copy, and the characters a request is metered by). */
export function resumeToText(input: ResumeModel): string {
  const { blocks } = layoutResume(input, 'modern');
  const lines: string[] = [];
  for (const b of blocks) {
    if (b.kind === 'heading') lines.push('', b.text.toUpperCase());
    else if (b.kind === 'bullet') lines.push(`- ${b.text}`);
    else if (b.kind === 'entry' || b.kind === 'subline') lines.push(b.right ? `${b.text} (${b.right})` : b.text);
    else lines.push(b.text);
  }
  return lines.join('\n').trim();
}
