import type { GrammarResponse } from '@/shared/api/grammar';
import { apiJson, InvalidReplyError } from '@/client/lib/api';

export const GRAMMAR_PATH = '/api/tools/grammar-fixer';

/** Checks a text; a reply without its issue list is an InvalidReplyError. */
export async function checkGrammar(text: string): Promise<GrammarResponse> {
  const r = await apiJson<GrammarResponse>('POST', GRAMMAR_PATH, { text });
  if (!Array.isArray(r?.issues)) throw new InvalidReplyError();
  return r;
}
