import { scoreTone, TONE_CLASSES } from './api';
import { cn } from '@/client/lib/utils';
import { wholePercent } from '@/shared/format';

/** Circular gauge of the AI probability, coloured by band. */
export function ScoreGauge({ score, size = 132 }: { score: number; size?: number }) {
  const r = 52;
  const c = 2 * Math.PI * r;
  const tone = TONE_CLASSES[scoreTone(score)];
  const pct = wholePercent(score);
  return (
    <div className="relative inline-grid place-items-center" style={{ width: size, height: size }} role="img" aria-label={`AI probability ${pct}`}>
      <svg viewBox="0 0 120 120" width={size} height={size} className="-rotate-90">
        <circle cx="60" cy="60" r={r} fill="none" strokeWidth="10" className="stroke-slate-200" />
        <circle
          cx="60"
          cy="60"
          r={r}
          fill="none"
          strokeWidth="10"
          strokeLinecap="round"
          strokeDasharray={c}
          strokeDashoffset={c * (1 - score)}
          className={cn(tone.ring, 'transition-[stroke-dashoffset] duration-700')}
        />
      </svg>
      <div className="absolute text-center">
        <div className={cn('text-3xl font-bold tabular-nums', tone.text)}>{pct}</div>
        <div className="text-xs text-muted-foreground">AI probability</div>
      </div>
    </div>
  );
}
