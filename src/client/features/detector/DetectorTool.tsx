import { useEffect, useRef, useState } from 'react';
import { ScanSearch } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { BusyLabel } from '@/client/components/ui/spinner';
import { LIMIT_MESSAGES } from '@/shared/limits';
import { DetectorResult } from './DetectorResult';
import { useDetection } from './useDetection';
import { useSharedText } from './useSharedText';
import { LimitBanner, useWordLimit, WordLimitWarning } from '../shared/limits';
import { ToolInputPanel } from '../shared/ToolInputPanel';
import { revealResult } from '@/client/lib/reveal';

/** The detector page's tool: text or file in, explained verdict out. */
export function DetectorTool({ placeholder }: { placeholder?: string }) {
  const [text, setText] = useState('');
  const resultRef = useRef<HTMLDivElement>(null);
  const detection = useDetection();
  const { user, limit, words, over } = useWordLimit(text);
  const shared = useSharedText(setText);
  const canRun = words > 0 && !over && !detection.busy && !detection.limitReached;

  useEffect(() => {
    if (!detection.result) return;
    const t = revealResult(resultRef);
    return () => clearTimeout(t);
  }, [detection.result]);

  async function onFile(file: File) {
    const done = await detection.run({ file });
    if (done) setText(done.analysedText);
  }

  return (
    <div className="space-y-5">
      {shared.notice && (
        <div role="status" className="flex items-start justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <span>{shared.notice}</span>
          <button type="button" className="shrink-0 font-medium underline underline-offset-2" onClick={shared.dismiss}>
            Dismiss
          </button>
        </div>
      )}
      <ToolInputPanel
        id="detector-text"
        label="Text to analyze"
        value={text}
        onChange={setText}
        rows={10}
        placeholder={placeholder ?? 'Paste the text you want to check (at least a few sentences for a reliable verdict)…'}
        words={words}
        limit={limit}
        actions={
          <Button onClick={() => detection.run({ text })} disabled={!canRun}>
            <BusyLabel busy={detection.busy} label="Detecting...">
              <ScanSearch /> Detect AI
            </BusyLabel>
          </Button>
        }
        upload={{ onFile: (file) => void onFile(file), disabled: detection.busy || detection.limitReached }}
        onClear={() => (setText(''), detection.reset())}
      />

      <WordLimitWarning words={words} limit={limit} anonymous={!user} />
      {/* a logged-in user's daily limit is shown with its upgrade offer by WordLimitWarning */}
      {detection.limitReached && !user && <LimitBanner anonymous>{LIMIT_MESSAGES.detect.message}</LimitBanner>}

      {detection.result && <DetectorResult ref={resultRef} result={detection.result} text={detection.analysedText} />}
    </div>
  );
}
