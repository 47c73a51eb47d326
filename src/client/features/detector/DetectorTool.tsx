import { useEffect, useRef, useState } from 'react';
import { FileUp, ScanSearch, X } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { BusyLabel } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { LIMIT_MESSAGES } from '@/shared/limits';
import { DetectorResult } from './DetectorResult';
import { useDetection } from './useDetection';
import { LimitBanner, useWordLimit, WordCounter, WordLimitWarning } from '../shared/limits';

const ACCEPT = '.txt,.docx,.pdf,text/plain,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The detector page's tool: text or file in, explained verdict out. */
export function DetectorTool({ placeholder }: { placeholder?: string }) {
  const [text, setText] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const detection = useDetection();
  const { user, limit, words, over } = useWordLimit(text);
  const canRun = words > 0 && !over && !detection.busy && !detection.limitReached;

  useEffect(() => {
    if (!detection.result) return;
    const t = setTimeout(() => resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 100);
    return () => clearTimeout(t);
  }, [detection.result]);

  async function onFile(file: File | undefined) {
    if (!file) return;
    const done = await detection.run({ file });
    if (done) setText(done.analysedText);
    if (fileInput.current) fileInput.current.value = '';
  }

  return (
    <div className="space-y-5">
      <div className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
        <label htmlFor="detector-text" className="mb-2 block text-sm font-medium">
          Text to analyze
        </label>
        <Textarea
          id="detector-text"
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={10}
          placeholder={placeholder ?? 'Paste the text you want to check (at least a few sentences for a reliable verdict)…'}
          size="tool"
        />
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button onClick={() => detection.run({ text })} disabled={!canRun}>
            <BusyLabel busy={detection.busy} label="Detecting...">
              <ScanSearch /> Detect AI
            </BusyLabel>
          </Button>
          <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={detection.busy || detection.limitReached}>
            <FileUp /> Upload file
          </Button>
          <input ref={fileInput} type="file" accept={ACCEPT} className="sr-only" aria-label="Upload a .txt, .docx or .pdf file" onChange={(e) => onFile(e.target.files?.[0])} />
          {text && (
            <Button variant="ghost" size="sm" onClick={() => (setText(''), detection.reset())}>
              <X /> Clear
            </Button>
          )}
          <WordCounter words={words} limit={limit} />
        </div>
        <p className="mt-2 text-xs text-muted-foreground">.txt, .docx or .pdf, up to 5 MB. Files are read on the server and not kept.</p>
      </div>

      <WordLimitWarning words={words} limit={limit} anonymous={!user} />
      {/* a logged-in user's daily limit is shown with its upgrade offer by WordLimitWarning */}
      {detection.limitReached && !user && <LimitBanner anonymous>{LIMIT_MESSAGES.detect.message}</LimitBanner>}

      {detection.result && <DetectorResult ref={resultRef} result={detection.result} text={detection.analysedText} />}
    </div>
  );
}
