import { useQuery } from '@tanstack/react-query';
import type { DeepfakeResponse, DeepfakeStatus } from '@/shared/api/deepfake';
import { apiJson, apiUpload, fileForm, InvalidReplyError } from '@/client/lib/api';

export const DEEPFAKE_PATH = '/api/tools/deepfake-detector';

/** A large photo's error level analysis and the face models' first load take a while: more than the default minute. */
const CHECK_TIMEOUT_MS = 120_000;

function isDeepfakeResponse(x: unknown): x is DeepfakeResponse {
  const r = x as DeepfakeResponse;
  return !!r && typeof r === 'object' && Array.isArray(r.findings) && !!r.verdict && typeof r.verdict.sentence === 'string' && Array.isArray(r.metadata);
}

/** Check one image: findings, verdict, heat map and metadata (and a provider's score when one is configured). */
export async function checkImage(file: File): Promise<DeepfakeResponse> {
  const body = await apiUpload(DEEPFAKE_PATH, fileForm(file), CHECK_TIMEOUT_MS);
  if (!isDeepfakeResponse(body)) throw new InvalidReplyError();
  return body;
}

/** Whether a commercial detector is asked on this server. */
export function useDeepfakeStatus() {
  return useQuery({ queryKey: ['deepfake-status'], queryFn: () => apiJson<DeepfakeStatus>('GET', `${DEEPFAKE_PATH}/status`), staleTime: 5 * 60_000 });
}
