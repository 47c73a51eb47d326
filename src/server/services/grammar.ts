/** The grammar fixer: the offline grammar engine (harper + retext in worker threads), its failures made clear. */
import { checkGrammar, type GrammarResult } from '../../engines/grammar';
import type { ToolCall } from '../tool-route';
import { AppError } from '../errors';

export async function fixGrammar(call: ToolCall<{ text: string }>): Promise<GrammarResult> {
  try {
    return await checkGrammar(call.input.text);
  } catch (err) {
    call.log.error({ err }, 'grammar engine failed');
    throw new AppError('service_unavailable', 'The grammar checker is unavailable right now. Please try again.');
  }
}
