import type { ResumeFormat, ResumeLayoutId, ResumeModel } from '@/engines/resume/model';
import type { BulletRewriteResponse } from '@/shared/api/resume';
import { apiJson, apiRequest, InvalidReplyError } from '@/client/lib/api';
import { saveBlob } from '../essay/download';

export { useCapabilities } from '../writing/api';

export const RESUME_EXPORT_PATH = '/api/tools/resume-writer/export';
export const RESUME_REWRITE_PATH = '/api/tools/resume-writer/rewrite-bullets';

/** Export the resume as a file and hand it to the browser's download (name from the server's Content-Disposition). */
export async function downloadResume(resume: ResumeModel, layout: ResumeLayoutId, format: ResumeFormat, paper: 'letter' | 'a4'): Promise<void> {
  const res = await apiRequest('POST', RESUME_EXPORT_PATH, { resume, layout, format, paper });
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `Resume.${format}`;
  saveBlob(await res.blob(), name);
}

/** Rewrite one job's bullets with the language model. */
export async function rewriteBullets(bullets: string[], title: string, organization: string): Promise<BulletRewriteResponse> {
  const r = await apiJson<BulletRewriteResponse>('POST', RESUME_REWRITE_PATH, { text: bullets.join('\n'), title, organization });
  if (!Array.isArray(r?.bullets)) throw new InvalidReplyError();
  return r;
}
