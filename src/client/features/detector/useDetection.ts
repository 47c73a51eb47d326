import { useCallback, useRef, useState } from 'react';
import { toast } from '@/client/hooks/use-toast';
import { ApiError, messageOf } from '@/client/lib/api';
import { LIMIT_MESSAGES } from '@/shared/limits';
import type { DetectResponse } from '@/shared/api/detector';
import { detectFile, detectText, InvalidReplyError } from './api';

export interface DetectionState {
  result: DetectResponse | null;
  /** The text the result's offsets refer to. */
  analysedText: string;
  busy: boolean;
  limitReached: boolean;
}

/**
 * Runs detections with their error toasts. A second call while one runs is ignored, so a double click
 * spends one detection.
 */
export function useDetection() {
  const [state, setState] = useState<DetectionState>({ result: null, analysedText: '', busy: false, limitReached: false });
  const running = useRef(false);

  const run = useCallback(async (input: { text: string } | { file: File }, opts: { rerun?: boolean } = {}) => {
    if (running.current) return null;
    running.current = true;
    setState((s) => ({ ...s, busy: true }));
    try {
      const result = 'file' in input ? await detectFile(input.file) : await detectText(input.text);
      const analysedText = result.text ?? ('text' in input ? input.text : '');
      setState({ result, analysedText, busy: false, limitReached: false });
      return { result, analysedText };
    } catch (err) {
      let limitReached = false;
      if (err instanceof ApiError && err.status === 429 && err.code === 'limit_reached') {
        limitReached = true;
        // the server's message: the visitors' allowance text, or a logged-in user's plan's daily limit
        toast({ title: LIMIT_MESSAGES.detect.title, description: messageOf(err, LIMIT_MESSAGES.detect.message), variant: 'destructive' });
      } else if (err instanceof InvalidReplyError) {
        toast({ title: 'Detection Error', description: 'Received invalid response format from server', variant: 'destructive' });
      } else {
        const fallback = opts.rerun ? 'Failed to analyze humanized text. Please try again.' : 'Failed to analyze text. Please try again.';
        toast({ title: 'Detection Failed', description: messageOf(err, fallback), variant: 'destructive' });
      }
      setState((s) => ({ ...s, busy: false, limitReached: s.limitReached || limitReached }));
      return null;
    } finally {
      running.current = false;
    }
  }, []);

  const reset = useCallback(() => setState((s) => ({ ...s, result: null, analysedText: '' })), []);
  return { ...state, run, reset };
}
