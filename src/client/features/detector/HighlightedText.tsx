import { useId, useRef, useState } from 'react';
import { wholePercent } from '@/shared/format';
import type { DetectSentence } from '@/shared/api/detector';
import { sentenceLegend, sentenceTone, TONE_LABEL } from '@/shared/detector-verdicts';
import { TONE_CLASSES } from './api';
import { cn } from '@/client/lib/utils';

/** A sentence as shown: results saved before sentences carried a band have none (sentenceTone reads the score then). */
type ShownSentence = Omit<DetectSentence, 'band'> & Partial<Pick<DetectSentence, 'band'>>;

/** The tooltip's width (Tailwind w-72), narrowed to the text's width on a phone. */
const TIP_WIDTH = 288;

/**
 * Where a sentence's tooltip goes, relative to the text box: under the sentence's last line, starting where the
 * sentence starts but kept inside the box, so a sentence that starts near the right edge does not push it off screen.
 */
function tipPlace(sentence: HTMLElement, box: HTMLElement): { left: number; top: number; width: number } {
  const rects = sentence.getClientRects();
  const outer = box.getBoundingClientRect();
  const first = rects[0] ?? sentence.getBoundingClientRect();
  const last = rects[rects.length - 1] ?? first;
  const width = Math.min(TIP_WIDTH, outer.width);
  const left = Math.max(0, Math.min(first.left - outer.left, outer.width - width));
  return { left, top: last.bottom - outer.top + 4, width };
}

/**
 * The analysed text with each sentence tinted by its band (sentenceTone), the same bands that decide a 'mixed'
 * verdict. Every sentence is focusable; hovering or focusing it shows its score and the reasons it was flagged.
 */
export function HighlightedText({ text, sentences }: { text: string; sentences: ShownSentence[] }) {
  const baseId = useId();
  const box = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<{ i: number; left: number; top: number; width: number } | null>(null);
  const show = (i: number) => (e: React.SyntheticEvent<HTMLElement>) => {
    if (box.current) setActive({ i, ...tipPlace(e.currentTarget, box.current) });
  };
  const hide = (i: number) => () => setActive((a) => (a?.i === i ? null : a));
  const pieces: React.ReactNode[] = [];
  let cursor = 0;
  sentences.forEach((s, i) => {
    if (s.start > cursor) pieces.push(<span key={`gap${i}`}>{text.slice(cursor, s.start)}</span>);
    const tone = sentenceTone(s);
    const tipId = `${baseId}-s${i}`;
    const open = active?.i === i;
    pieces.push(
      <span key={`s${i}`}>
        <span
          tabIndex={0}
          data-score={s.score.toFixed(3)}
          data-tone={tone}
          data-testid="sentence"
          aria-describedby={tipId}
          onMouseEnter={show(i)}
          onMouseLeave={hide(i)}
          onFocus={show(i)}
          onBlur={hide(i)}
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
          style={open ? { left: active.left, top: active.top, width: active.width } : undefined}
          className={cn(
            'absolute z-20 rounded-lg border bg-popover p-3 text-left text-xs leading-snug text-popover-foreground shadow-lg',
            open ? 'block' : 'hidden',
          )}
        >
          <span className={cn('block font-semibold', TONE_CLASSES[tone].text)}>
            {TONE_LABEL[tone]} · {wholePercent(s.score)} AI probability
          </span>
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
  return (
    <div ref={box} className="relative whitespace-pre-wrap break-words text-[15px] leading-8">
      {pieces}
    </div>
  );
}

/** The highlight bands in words; `bands` are the answer's sentenceBands (absent from results saved before them). */
export function HighlightLegend({ bands }: { bands?: { ai: number; human: number } }) {
  const label = sentenceLegend(bands);
  return (
    <div className="flex flex-wrap gap-3 text-xs text-muted-foreground" data-testid="highlight-legend">
      <span className="inline-flex items-center gap-1.5">
        <span className="h-3 w-3 rounded-sm bg-red-200" /> {label.red}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <span className="h-3 w-3 rounded-sm bg-amber-200" /> {label.amber}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <span className="h-3 w-3 rounded-sm border" /> {label.green}
      </span>
    </div>
  );
}
