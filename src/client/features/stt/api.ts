import { useQuery } from '@tanstack/react-query';
import type { MediaJobList, MediaJobView, SttJobAnswer, SttStatus, Transcript } from '@/shared/api/stt';
import { ApiError, apiJson, uploadWithProgress } from '@/client/lib/api';

export const STT_PATH = '/api/tools/speech-to-text';

/** Whether and how this server transcribes, and the limits per plan. */
export function useSttStatus() {
  return useQuery({ queryKey: ['stt-status'], queryFn: () => apiJson<SttStatus>('GET', '/api/speech-to-text/status'), staleTime: 5 * 60_000 });
}

/** How long an upload may take: a 100 MB file on a slow line takes minutes. */
const UPLOAD_TIMEOUT_MS = 15 * 60_000;

function isJobAnswer(x: unknown): x is SttJobAnswer {
  const a = x as SttJobAnswer;
  return !!a && typeof a === 'object' && typeof a.jobId === 'string' && typeof a.durationSec === 'number';
}

/**
 * Upload the audio (multipart `file`) and get the job that transcribes it. XMLHttpRequest rather than fetch, for the
 * upload's progress (fetch reports none); errors are the same ApiError / NetworkError / TimeoutError the other helpers
 * throw, so the over-limit offer and the messages work the same.
 */
export function uploadAudio(file: File | Blob, name: string, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<SttJobAnswer> {
  const form = new FormData();
  form.append('file', file, name);
  return uploadWithProgress(STT_PATH, form, isJobAnswer, onProgress, { timeoutMs: UPLOAD_TIMEOUT_MS, signal });
}

export type SttJob = MediaJobView<Transcript>;

/** A transcription job, polled every 1.5 s while it runs. */
export function useJob(id: string | null) {
  return useQuery({
    queryKey: ['job', id],
    queryFn: () => apiJson<SttJob>('GET', `/api/jobs/${encodeURIComponent(id!)}`),
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 1500 : false),
    // a 404 (someone else's or a removed job) is an answer, not a hiccup
    retry: (n, err) => !(err instanceof ApiError && err.status < 500) && n < 3,
  });
}

/** The user's recent transcriptions (without their text). */
export function useRecentJobs(enabled: boolean) {
  return useQuery({
    queryKey: ['jobs', 'speech_to_text'],
    queryFn: () => apiJson<MediaJobList>('GET', '/api/jobs?tool=speech_to_text'),
    enabled,
    staleTime: 10_000,
  });
}
