import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlagiarismResponse, PlagiarismStatus } from '@/shared/api/plagiarism';
import { apiJson, apiRequest, apiUpload, fileForm, InvalidReplyError } from '@/client/lib/api';
import { rememberReceipt } from '../history/receipts';

export const PLAGIARISM_PATH = '/api/tools/plagiarism-checker';
const STATUS_KEY = ['plagiarism-status'] as const;

export function isPlagiarismResponse(x: unknown): x is PlagiarismResponse {
  const r = x as PlagiarismResponse;
  return !!r && typeof r === 'object' && Array.isArray(r.items) && typeof r.similarity === 'number';
}

/** Multipart upload; the server extracts the text from .txt, .docx or .pdf. */
export async function checkPlagiarismFile(file: File): Promise<PlagiarismResponse> {
  let answer: Response | null = null;
  const body = await apiUpload(PLAGIARISM_PATH, fileForm(file), undefined, (res) => (answer = res));
  if (!isPlagiarismResponse(body)) throw new InvalidReplyError();
  if (answer) rememberReceipt(body, 'plagiarism_checker', answer);
  return body;
}

export async function checkPlagiarismText(text: string): Promise<PlagiarismResponse> {
  const res = await apiRequest('POST', PLAGIARISM_PATH, { text });
  const body: unknown = await res.json();
  if (!isPlagiarismResponse(body)) throw new InvalidReplyError();
  // a logged-in user's answer comes with the receipt that lets it be saved as a report
  rememberReceipt(body, 'plagiarism_checker', res);
  return body;
}

/** The size of the reference library, shown under the input. */
export function usePlagiarismStatus() {
  return useQuery({ queryKey: STATUS_KEY, queryFn: () => apiJson<PlagiarismStatus>('GET', `${PLAGIARISM_PATH}/status`), staleTime: 30_000 });
}

/** A shared submission grows the library: re-read its size. */
export function useRefreshPlagiarismStatus(): () => void {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: STATUS_KEY });
}
