/**
 * GET /api/batches/:id/reports.zip: one PDF report per checked document of a batch, in a zip.
 *
 * Each PDF is the saved-report PDF (services/saved-report-pdf.ts: score and verdict, reasons, the text with its
 * AI-likely sentences or matched passages shaded, sources, engine and model version, date, the fairness note), so a
 * batch's report and a report saved from the tool's page are one document format. The PDFs are drawn one after the
 * other with a turn of the event loop between them, and the zip is written by JSZip's asynchronous generator, so a
 * 50-document batch does not hold the server's event loop for its whole length.
 */
import JSZip from 'jszip';
import type { BatchItemError } from '../../shared/api/batches';
import type { ReportTool } from '../../shared/api/saved-reports';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { batchResults } from './batches';
import { reportPdf } from './saved-report-pdf';
import { getSettings } from './settings';

/** A file name safe in any zip tool and file system: the document's own name without its folders or extension. */
function pdfName(position: number, filename: string): string {
  const base = (filename.split('/').pop() ?? filename).replace(/\.[A-Za-z0-9]+$/, '');
  const safe =
    base
      .normalize('NFKD')
      .replace(/[^\w.\- ]+/g, '_')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80) || 'document';
  return `${String(position + 1).padStart(2, '0')}-${safe}.pdf`;
}

/** The engine a result names, as the usage event and the saved report record it. */
function engineOf(result: Record<string, unknown>): string {
  if (typeof result.engine === 'string') return result.engine;
  const web = (result.checkedAgainst as { web?: { providers: string[] } } | undefined)?.web;
  return web ? `library+web (${web.providers.join(', ')})` : 'library';
}

/** The zip of the PDF reports of the batch's checked documents (the owner's batch only). */
export async function batchReportsZip(ctx: ServerContext, id: string, userId: string): Promise<{ filename: string; zip: Buffer }> {
  const { batch, items } = await batchResults(ctx, id, userId);
  const done = items.filter((i) => i.status === 'done' && i.result !== null);
  if (done.length === 0) throw new AppError('conflict', 'No document of this batch has been checked yet, so there is no report to download.');
  const { siteName } = await getSettings(ctx.db);
  const tool = (batch.tool === 'content_detector' ? 'ai_content_detector' : 'plagiarism_checker') satisfies ReportTool;
  const zip = new JSZip();
  for (const item of done) {
    const result = item.result as Record<string, unknown>;
    const pdf = await reportPdf({
      tool,
      title: item.filename,
      input: item.text,
      result,
      engine: engineOf(result),
      modelVersion: typeof result.modelVersion === 'string' ? result.modelVersion : null,
      createdAt: item.finishedAt ?? new Date(batch.createdAt),
      siteName,
    });
    zip.file(pdfName(item.position, item.filename), pdf, { date: item.finishedAt ?? new Date(batch.createdAt) });
    await new Promise((r) => setImmediate(r));
  }
  const failed = items.filter((i) => i.status === 'failed');
  if (failed.length > 0) {
    // say which documents have no report, and why, rather than leave the reader counting
    const lines = failed.map((i) => `${i.filename}: ${(i.error as BatchItemError | null)?.message ?? 'not checked'}`);
    zip.file('not-checked.txt', `${lines.join('\r\n')}\r\n`, { date: new Date(batch.createdAt) });
  }
  const buf = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
  return { filename: `batch-${batch.createdAt.slice(0, 10)}-${batch.id.slice(0, 8)}-reports.zip`, zip: buf };
}
