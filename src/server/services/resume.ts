/**
 * The resume writer. Offline: the structured resume rendered to PDF or DOCX in one of three ATS-safe layouts
 * (engines/resume). With the language model: bullet points rewritten with action verbs, keeping every fact; a figure
 * the model added that the user never wrote is flagged, not trusted.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  bulletRewritePrompt,
  DOCX_MIME,
  inventedNumbers,
  parseBulletRewrite,
  pdfCharacterReport,
  PDF_MIME,
  renderResumeDocx,
  renderResumePdf,
  resumeToText,
  UnsupportedCharactersError,
  unsupportedMessage,
} from '../../engines/resume';
import { ResumeExportRequest, type BulletRewriteInput, type RewrittenBullet } from '../../shared/api/resume';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { parse } from '../http';
import type { ToolCall } from '../tool-route';
import { generateWithModel } from './model-call';
import { admitCaller, resolveCaller, runTool } from './tool-gate';

export const RESUME_TOOL = 'resume_writer';

export interface BulletRewriteResult {
  bullets: RewrittenBullet[];
  original: string[];
  engine: string;
}

/** Rewrite bullets with the language model (toolRoute's `available` has refused already when none is configured). */
export async function rewriteBullets(call: ToolCall<BulletRewriteInput>): Promise<BulletRewriteResult> {
  const { input } = call;
  const original = input.text
    .split('\n')
    .map((l) => l.trim().replace(/^[-•*·▪◦]\s*/, ''))
    .filter(Boolean);
  if (original.length === 0) throw new AppError('validation_failed', 'Please enter the bullet points to rewrite.', { text: 'Required' });
  const { output, engine } = await generateWithModel(call, bulletRewritePrompt({ bullets: original, title: input.title, organization: input.organization }), {
    temperature: 0.4,
    maxTokens: 120 * original.length + 100,
    failure: 'The bullet points could not be rewritten',
  });
  const lines = parseBulletRewrite(output);
  if (lines.length === 0) throw new AppError('upstream_failed', 'The language model returned no bullet points. Please try again.');
  // a figure counts as known if the user wrote it in any of the bullets sent (a rewrite may merge or move them)
  const all = original.join('\n');
  return { bullets: lines.map((text) => ({ text, newNumbers: inventedNumbers(all, text) })), original, engine };
}

export interface ResumeFile {
  bytes: Uint8Array;
  mime: string;
  filename: string;
}

/** "Jane Doe" → "Jane-Doe-Resume.pdf" (ASCII only, for the Content-Disposition header). */
export function resumeFilename(name: string, ext: 'pdf' | 'docx'): string {
  const base = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base ? `${base}-` : ''}Resume.${ext}`;
}

/**
 * The export, with the same gate as every tool request: the caller (API key, session or visitor), the Pro plan
 * (admitCaller refuses a visitor 401 and a plan without the tool 403 before the body is parsed), the request rate,
 * then the metered run (the resume's plain text is what the word limit and the allowance count).
 * Rendering runs inline: the contract bounds the resume (15 jobs of 12 bullets at most) and a full two-page resume
 * renders in 40–60 ms (PDF, with its DejaVu subsets) and 11–15 ms (DOCX), median, on this 2-core machine under load.
 */
export async function exportResume(ctx: ServerContext, req: FastifyRequest, reply: FastifyReply): Promise<ResumeFile> {
  const caller = await resolveCaller(ctx, req, reply);
  await admitCaller(ctx, caller, RESUME_TOOL);
  const input = parse(ResumeExportRequest, req.body);
  const text = resumeToText(input.resume);
  // refused before anything is charged: nothing the user can do on this server would make these characters print
  if (input.format === 'pdf') {
    const report = pdfCharacterReport(input.resume);
    if (report.unsupported.length) throw new AppError('unprocessable', unsupportedMessage(report));
  }
  const { result } = await runTool(
    ctx,
    caller,
    { tool: RESUME_TOOL, text },
    async (): Promise<ResumeFile> => {
      try {
        const bytes =
          input.format === 'pdf'
            ? await renderResumePdf(input.resume, input.layout, { paper: input.paper })
            : await renderResumeDocx(input.resume, input.layout, { paper: input.paper });
        return { bytes, mime: input.format === 'pdf' ? PDF_MIME : DOCX_MIME, filename: resumeFilename(input.resume.contact.name, input.format) };
      } catch (err) {
        if (err instanceof UnsupportedCharactersError) throw new AppError('unprocessable', err.message);
        throw err;
      }
    },
    () => 'offline',
  );
  return result;
}
