import { z } from 'zod';
// Layouts and formats are the resume engine's plain constants (model.ts imports nothing).
import { RESUME_FORMATS, RESUME_LAYOUTS, type ResumeModel } from '../../engines/resume/model';
import { ExtractedText } from './tool-answer';

export { RESUME_FORMATS, RESUME_LAYOUTS };
export const PAPER_SIZES = ['letter', 'a4'] as const;

const line = (max: number, what: string) => z.string().max(max, { message: `${what} is limited to ${max} characters.` });
const opt = (max: number, what: string) => line(max, what).default('');

export const RESUME_LIMITS = { experience: 15, bullets: 12, education: 8, skills: 60, certifications: 20, links: 6 } as const;

export const ResumeSchema = z.object({
  contact: z.object({
    name: z
      .string({ message: 'Please enter your name.' })
      .trim()
      .min(1, { message: 'Please enter your name.' })
      .max(120, { message: 'The name is limited to 120 characters.' }),
    headline: opt(160, 'The headline'),
    email: opt(200, 'The e-mail address'),
    phone: opt(60, 'The phone number'),
    location: opt(120, 'The location'),
    links: z
      .array(z.object({ label: opt(60, 'A link label'), url: line(300, 'A link') }))
      .max(RESUME_LIMITS.links, { message: `At most ${RESUME_LIMITS.links} links.` })
      .default([]),
  }),
  summary: opt(2000, 'The summary'),
  experience: z
    .array(
      z.object({
        title: opt(160, 'A job title'),
        organization: opt(160, 'An organization'),
        location: opt(120, 'A location'),
        start: opt(40, 'A start date'),
        end: opt(40, 'An end date'),
        bullets: z.array(line(400, 'A bullet point')).max(RESUME_LIMITS.bullets, { message: `At most ${RESUME_LIMITS.bullets} bullet points per job.` }),
      }),
    )
    .max(RESUME_LIMITS.experience, { message: `At most ${RESUME_LIMITS.experience} jobs.` }),
  education: z
    .array(
      z.object({
        degree: opt(160, 'A degree'),
        institution: opt(160, 'An institution'),
        location: opt(120, 'A location'),
        start: opt(40, 'A start date'),
        end: opt(40, 'An end date'),
        details: opt(600, 'The details'),
      }),
    )
    .max(RESUME_LIMITS.education, { message: `At most ${RESUME_LIMITS.education} education entries.` }),
  skills: z.array(line(80, 'A skill')).max(RESUME_LIMITS.skills, { message: `At most ${RESUME_LIMITS.skills} skills.` }),
  certifications: z
    .array(z.object({ name: line(200, 'A certification'), issuer: opt(160, 'An issuer'), year: opt(20, 'A year') }))
    .max(RESUME_LIMITS.certifications, { message: `At most ${RESUME_LIMITS.certifications} certifications.` })
    .default([]),
}) satisfies z.ZodType<ResumeModel, unknown>;

/**
 * The export: the structured resume, validated field by field, and the layout and format. Not a tool route (those
 * answer JSON), so there is no `text` field: the route derives the plain text it meters from the resume.
 */
export const ResumeExportRequest = z.object({
  resume: ResumeSchema.describe('The resume: contact, summary, experience (with bullets), education, skills and certifications, as in the example.'),
  layout: z.enum(RESUME_LAYOUTS).default('classic'),
  format: z.enum(RESUME_FORMATS),
  paper: z.enum(PAPER_SIZES).default('letter'),
});
export type ResumeExportInput = z.infer<typeof ResumeExportRequest>;

/** Rewrite bullets with the language model: `text` holds the bullets, one per line. */
export const BulletRewriteRequest = z.object({
  text: z
    .string({ message: 'Please enter the bullet points to rewrite.' })
    .max(RESUME_LIMITS.bullets * 400 + RESUME_LIMITS.bullets, { message: 'Too many bullet points at once.' })
    .refine((s) => s.split('\n').filter((l) => l.trim()).length <= RESUME_LIMITS.bullets, {
      message: `Rewrite at most ${RESUME_LIMITS.bullets} bullet points at once.`,
    })
    .meta({
      description: `The bullet points to rewrite, one per line (at most ${RESUME_LIMITS.bullets}).`,
      examples: ['Responsible for the weekly sales report\nHelped customers with their orders'],
    }),
  title: opt(160, 'The job title'),
  organization: opt(160, 'The organization'),
});
export type BulletRewriteInput = z.infer<typeof BulletRewriteRequest>;

export const RewrittenBullet = z.object({
  text: z.string(),
  newNumbers: z.array(z.string()).describe('Figures in the rewrite that the original does not have: the model may have made them up.'),
});
export type RewrittenBullet = z.infer<typeof RewrittenBullet>;

export const BulletRewriteResponse = z
  .object({
    bullets: z.array(RewrittenBullet),
    original: z.array(z.string()).describe('The bullets as sent (one per line, trimmed), for a before/after view.'),
    engine: z.string().describe("The language model's name."),
    text: ExtractedText,
  })
  .describe('Resume bullet points rewritten by the language model, each with the figures it added that the original did not have.');
export type BulletRewriteResponse = z.infer<typeof BulletRewriteResponse>;
