/** The grammar fixer: the offline grammar engine (harper + retext in worker threads), its failures made clear. */
import { checkGrammar, GrammarTimeoutError, type GrammarResult } from '../../engines/grammar';
import type { ToolCall } from '../tool-route';
import { AppError } from '../errors';

export async function fixGrammar(call: ToolCall<{ text: string }>): Promise<GrammarResult> {
  try {
    return await checkGrammar(call.input.text);
  } catch (err) {
    // a check past its budget had its worker terminated; the next check gets a fresh one
    if (err instanceof GrammarTimeoutError) {
      call.log.warn({ budgetMs: err.budgetMs }, 'grammar check over budget');
      throw new AppError(
        'service_unavailable',
        `The grammar checker took longer than ${Math.round(err.budgetMs / 1000)} s on this text and was stopped. Try a shorter text, or try again later.`,
      );
    }
    call.log.error({ err }, 'grammar engine failed');
    throw new AppError('service_unavailable', 'The grammar checker is unavailable right now. Please try again.');
  }
}
