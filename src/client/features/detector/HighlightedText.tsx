import { useId, useState } from 'react';
import { wholePercent } from '@/shared/format';
import type { DetectSentence } from '@/shared/api/detector';
import { scoreTone, TONE_CLASSES } from './api';
import { cn } from '@/client/lib/utils';

/**
 * The analysed text with each sentence tinted by its AI score. Every sentence is focusable; hovering
 * or focusing it shows its score and the reasons it was flagged.
 */
export function HighlightedText({ text, sentences }: { text: string; sentences: DetectSentence[] }) {
  const baseId = useId();
  const [active, setActive] = useState<number | null>(null);
  const pieces: React.ReactNode[] = [];
  let cursor = 0;
  sentences.forEach((s, i) => {
    if (s.start > cursor) pieces.push(<span key={`gap${i}`}>{text.slice(cursor, s.start)}</span>);
    const tone = scoreTone(s.score);
    const tipId = `${baseId}-s${i}`;
    const open = active === i;
    pieces.push(
      <span key={`s${i}`} className="relative">
        <span
          tabIndex={0}
          data-score={s.score.toFixed(3)}
          data-tone={tone}
          data-testid="sentence"
          aria-describedby={tipId}
          onMouseEnter={() => setActive(i)}
          onMouseLeave={() => setActive((a) => (a === i ? null : a))}
          onFocus={() => setActive(i)}
          onBlur={() => setActive((a) => (a === i ? null : a))}
          className={cn(
            'rounded-sm px-0.5 underline decoration-2 underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring cursor-help',
            TONE_CLASSES[tone].mark,
          )}
        >
          {text.slice(s.start, s.end)}
        </span>
        <span
          id={tipId}
          role="tooltip"
          className={cn(
            'absolute left-0 top-full z-20 mt-1 w-72 max-w-[80vw] rounded-lg border bg-popover p-3 text-left text-xs leading-snug text-popover-foreground shadow-lg',
            open ? 'block' : 'hidden',
          )}
        >
          <span className={cn('block font-semibold', TONE_CLASSES[tone].text)}>{wholePercent(s.score)} AI probability</span>
          {s.reasons.length ? (
            <span className="mt-1 block">
              {s.reasons.map((r) => (
                <span key={r} className="block">
                  • {r}
                </span>
              ))}
            </span>
          ) : (
            <span className="mt-1 block text-muted-foreground">No strong signal in this sentence.</span>
          )}
        </span>
      </span>,
    );
    cursor = s.end;
  });
  if (cursor < text.length) pieces.push(<span key="tail">{text.slice(cursor)}</span>);
  return <div className="whitespace-pre-wrap break-words text-[15px] leading-8">{pieces}</div>;
}

export function HighlightLegend() {
  return (
    <div className="flex flex-wrap gap-3 text-xs text-muted-foreground">
      <span className="inline-flex items-center gap-1.5">
        <span className="h-3 w-3 rounded-sm bg-red-200" /> Likely AI (&gt; 70%)
      </span>
      <span className="inline-flex items-center gap-1.5">
        <span className="h-3 w-3 rounded-sm bg-amber-200" /> Possibly AI (40–70%)
      </span>
      <span className="inline-flex items-center gap-1.5">
        <span className="h-3 w-3 rounded-sm border" /> Likely human
      </span>
    </div>
  );
}
