import { ScanSearch } from 'lucide-react';
import { cn } from '@/client/lib/utils';
import { wholePercent as pct } from '@/shared/format';
import type { DetectorReading } from '@/shared/api/writing';
import { scoreTone, TONE_CLASSES } from '../detector/api';

/** The offline detector's AI probability before and after the rewrite, coloured by band. */
export function DetectorReadingChip({ reading }: { reading: DetectorReading }) {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 text-xs text-muted-foreground"
      data-testid="detector-reading"
      title={`AI probability by the offline detector (${reading.modelVersion}), before and after the rewrite`}
    >
      <ScanSearch className="size-3" aria-hidden /> AI score{' '}
      <span className={cn('font-semibold tabular-nums', TONE_CLASSES[scoreTone(reading.before)].text)}>{pct(reading.before)}</span>
      <span aria-hidden>→</span>
      <span className="sr-only">after:</span>
      <span className={cn('font-semibold tabular-nums', TONE_CLASSES[scoreTone(reading.after)].text)}>{pct(reading.after)}</span>
    </span>
  );
}
