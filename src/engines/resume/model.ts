/**
 * The resume writer's model: what the form holds. Every field is plain text as the user typed it; the layouts decide
 * how it looks, the exports only draw it. Limits on sizes live in the shared contract (src/shared/api/resume.ts).
 */

export const RESUME_LAYOUTS = ['classic', 'modern', 'compact'] as const;
export type ResumeLayoutId = (typeof RESUME_LAYOUTS)[number];

export const RESUME_LAYOUT_LABELS: Record<ResumeLayoutId, { name: string; description: string }> = {
  classic: { name: 'Classic', description: 'Serif type, centred name, ruled section headings.' },
  modern: { name: 'Modern', description: 'Sans-serif type, name on the left, coloured section headings.' },
  compact: { name: 'Compact', description: 'Smaller type and tighter spacing, to fit more on one page.' },
};

export const RESUME_FORMATS = ['pdf', 'docx'] as const;
export type ResumeFormat = (typeof RESUME_FORMATS)[number];

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const PDF_MIME = 'application/pdf';

export interface ResumeLink {
  label: string;
  url: string;
}

export interface ResumeContact {
  name: string;
  /** A one-line professional title, e.g. "Backend engineer". */
  headline?: string;
  email?: string;
  phone?: string;
  location?: string;
  links?: ResumeLink[];
}

export interface ResumeExperience {
  title: string;
  organization: string;
  location?: string;
  start?: string;
  end?: string;
  bullets: string[];
}

export interface ResumeEducation {
  degree: string;
  institution: string;
  location?: string;
  start?: string;
  end?: string;
  details?: string;
}

export interface ResumeCertification {
  name: string;
  issuer?: string;
  year?: string;
}

export interface ResumeModel {
  contact: ResumeContact;
  summary?: string;
  experience: ResumeExperience[];
  education: ResumeEducation[];
  skills: string[];
  certifications?: ResumeCertification[];
}

/** The section headings every layout uses: the standard names applicant tracking systems look for. */
export const SECTION_HEADINGS = {
  summary: 'Summary',
  experience: 'Experience',
  education: 'Education',
  skills: 'Skills',
  certifications: 'Certifications',
  links: 'Links',
} as const;

export const emptyResume = (): ResumeModel => ({
  contact: { name: '', headline: '', email: '', phone: '', location: '', links: [] },
  summary: '',
  experience: [],
  education: [],
  skills: [],
  certifications: [],
});

const t = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** "Jan 2021 – Present", "2019", or "" when neither end is given. */
export function dateRange(start?: string, end?: string): string {
  const a = t(start);
  const b = t(end);
  if (a && b) return `${a} – ${b}`;
  return a || b;
}

/** A copy with every string trimmed and empty rows (no text at all) dropped, so exports never show blank entries. */
export function normalizeResume(m: ResumeModel): ResumeModel {
  const links = (m.contact.links ?? []).map((l) => ({ label: t(l.label), url: t(l.url) })).filter((l) => l.label || l.url);
  return {
    contact: {
      name: t(m.contact.name),
      headline: t(m.contact.headline),
      email: t(m.contact.email),
      phone: t(m.contact.phone),
      location: t(m.contact.location),
      links,
    },
    // the summary keeps its paragraph breaks
    summary: (m.summary ?? '')
      .split(/\n\s*\n/)
      .map(t)
      .filter(Boolean)
      .join('\n\n'),
    experience: m.experience
      .map((e) => ({
        title: t(e.title),
        organization: t(e.organization),
        location: t(e.location),
        start: t(e.start),
        end: t(e.end),
        bullets: e.bullets.map((b) => t(b).replace(/^[-•*·▪◦]\s*/, '')).filter(Boolean),
      }))
      .filter((e) => e.title || e.organization || e.bullets.length),
    education: m.education
      .map((e) => ({ degree: t(e.degree), institution: t(e.institution), location: t(e.location), start: t(e.start), end: t(e.end), details: t(e.details) }))
      .filter((e) => e.degree || e.institution || e.details),
    skills: m.skills.map(t).filter(Boolean),
    certifications: (m.certifications ?? []).map((c) => ({ name: t(c.name), issuer: t(c.issuer), year: t(c.year) })).filter((c) => c.name),
  };
}

/** Every piece of text of the resume with where it sits, for the character checks and the tests. */
export function resumeFields(m: ResumeModel): { field: string; value: string }[] {
  const out: { field: string; value: string }[] = [];
  const add = (field: string, value: string | undefined) => {
    if (value) out.push({ field, value });
  };
  const c = m.contact;
  add('Name', c.name);
  add('Headline', c.headline);
  add('Email', c.email);
  add('Phone', c.phone);
  add('Location', c.location);
  (c.links ?? []).forEach((l, i) => {
    add(`Link ${i + 1} label`, l.label);
    add(`Link ${i + 1} address`, l.url);
  });
  add('Summary', m.summary);
  m.experience.forEach((e, i) => {
    const n = `Experience ${i + 1}`;
    add(`${n} job title`, e.title);
    add(`${n} organization`, e.organization);
    add(`${n} location`, e.location);
    add(`${n} start`, e.start);
    add(`${n} end`, e.end);
    e.bullets.forEach((b, j) => add(`${n} bullet ${j + 1}`, b));
  });
  m.education.forEach((e, i) => {
    const n = `Education ${i + 1}`;
    add(`${n} degree`, e.degree);
    add(`${n} institution`, e.institution);
    add(`${n} location`, e.location);
    add(`${n} start`, e.start);
    add(`${n} end`, e.end);
    add(`${n} details`, e.details);
  });
  m.skills.forEach((s, i) => add(`Skill ${i + 1}`, s));
  (m.certifications ?? []).forEach((c, i) => {
    add(`Certification ${i + 1}`, c.name);
    add(`Certification ${i + 1} issuer`, c.issuer);
    add(`Certification ${i + 1} year`, c.year);
  });
  return out;
}
