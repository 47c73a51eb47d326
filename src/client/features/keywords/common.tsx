import { useRef, useState } from 'react';
import { AlertTriangle } from 'lucide-react';
import { messageOf } from '@/client/lib/api';
import { revealResult } from '@/client/lib/reveal';
import type { Source } from './api';

/**
 * One run of a tool at a time: the result, the error message (shown on the page, not only as a toast), and the text
 * the result belongs to (an uploaded file's text replaces the field, so positions refer to what is shown).
 */
export function useToolRun<R extends { text?: string }>(setText: (t: string) => void, fallback: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const seq = useRef(0);
  /** The result's frame: a new result is scrolled to and focused (revealResult), unless the run says otherwise. */
  const resultRef = useRef<HTMLElement>(null);
  async function run(source: Source, call: (s: Source) => Promise<R>, opts: { reveal?: boolean } = {}): Promise<R | null> {
    const mine = ++seq.current;
    setBusy(true);
    setError(null);
    try {
      const r = await call(source);
      if (mine !== seq.current) return null;
      if ('file' in source && typeof r.text === 'string') setText(r.text);
      setResult(r);
      if (opts.reveal !== false) revealResult(resultRef);
      return r;
    } catch (err) {
      if (mine === seq.current) {
        setError(messageOf(err, fallback));
        setResult(null);
      }
      return null;
    } finally {
      if (mine === seq.current) setBusy(false);
    }
  }
  return { busy, error, result, resultRef, run, reset: () => (setResult(null), setError(null)) };
}

export function ErrorNote({ message }: { message: string }) {
  return (
    <div role="alert" className="mt-4 flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800" data-testid="tool-error">
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>{message}</p>
    </div>
  );
}
