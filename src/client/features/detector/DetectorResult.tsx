import { forwardRef } from 'react';
import { Copy, Info } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/hooks/use-toast';
import { cn } from '@/client/lib/utils';
import type { DetectResponse } from '@/shared/api/detector';
import { percent } from '@/shared/format';
import { scoreTone, TONE_CLASSES, VERDICT_LABELS } from './api';
import { HighlightedText, HighlightLegend } from './HighlightedText';
import { ScoreGauge } from './ScoreGauge';
import { VerdictScale } from './VerdictScale';
import { FairnessNote } from './FairnessNote';
import { ReportResult } from './ReportResult';
import { SaveReportButton } from '../history/SaveReportButton';
import { ShareButton } from '@/client/components/ShareButton';

export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied to clipboard' });
  } catch {
    toast({ title: 'Copy failed', variant: 'destructive' });
  }
}

function summaryText(r: DetectResponse): string {
  return [`Verdict: ${VERDICT_LABELS[r.verdict].title}`, ...r.analysis].join('\n');
}

/** The full detector result: gauge, verdict, reasons and the highlighted text. */
export const DetectorResult = forwardRef<HTMLDivElement, { result: DetectResponse; text: string; actions?: React.ReactNode }>(function DetectorResult(
  { result, text, actions },
  ref,
) {
  const verdict = VERDICT_LABELS[result.verdict];
  const tone = TONE_CLASSES[scoreTone(result.score)];
  return (
    <section ref={ref} aria-labelledby="detector-result-title" className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6" data-testid="detector-result">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <ScoreGauge score={result.score} />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-muted-foreground">Verdict</p>
          <h2 id="detector-result-title" className={cn('text-2xl font-bold', result.verdict === 'uncertain' ? 'text-foreground' : tone.text)}>
            {verdict.title}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{verdict.detail}</p>
          {result.bands && <VerdictScale score={result.score} bands={result.bands} wordCount={result.wordCount} byLength={result.provider === 'veritext'} />}
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:max-w-sm">
            <div className="rounded-lg bg-muted px-3 py-2">
              <dt className="text-xs text-muted-foreground">AI probability</dt>
              <dd className="font-semibold tabular-nums">{percent(result.score)}</dd>
            </div>
            <div className="rounded-lg bg-muted px-3 py-2">
              <dt className="text-xs text-muted-foreground">Human probability</dt>
              <dd className="font-semibold tabular-nums">{percent(result.humanProbability)}</dd>
            </div>
          </dl>
        </div>
      </div>

      {result.reasons.length > 0 && (
        <div className="mt-5">
          <h3 className="text-sm font-semibold">Why</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {result.reasons.map((r) => (
              <li key={r} className="flex gap-2">
                <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span>{r}</span>
              </li>
            ))}
          </ul>
        </div>
      )}

      {result.sentences.length > 0 && text && (
        <div className="mt-5">
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold">Sentence by sentence</h3>
            <HighlightLegend bands={result.sentenceBands} />
          </div>
          <div className="rounded-xl border bg-background p-4">
            <HighlightedText text={text} sentences={result.sentences} />
          </div>
          <p className="mt-2 text-xs text-muted-foreground">Hover over or tab to a sentence to see why it was marked.</p>
        </div>
      )}

      <div className="mt-5 flex flex-wrap items-center gap-2 border-t pt-4">
        <Button variant="outline" size="sm" onClick={() => copyText(summaryText(result))}>
          <Copy /> Copy result
        </Button>
        <ShareButton
          size="sm"
          data-testid="share-result"
          data={() => ({ title: 'AI detection result', text: summaryText(result), url: window.location.href })}
        />
        {actions}
        {/* a signed-in user's result the server signed: kept as a report (PDF, share link) */}
        <SaveReportButton source={{ tool: 'ai_content_detector', input: text, result }} />
        {/* Keyed by the detection: a new result starts a new report. */}
        {result.detectionId && <ReportResult key={result.detectionId} detectionId={result.detectionId} verdict={result.verdict} text={text} />}
        <span className="ml-auto text-xs text-muted-foreground">
          {result.provider === 'veritext' ? `Offline engine ${result.modelVersion}` : `Provider: ${result.provider}`} · {result.wordCount} words
        </span>
      </div>
      <FairnessNote />
    </section>
  );
});
