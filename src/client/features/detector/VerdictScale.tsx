import type { VerdictBands } from '@/shared/api/detector';
import { percent } from '@/shared/format';
import { bandOf, SHORT_TEXT_NOTE, VERDICT_TEXT } from '@/shared/detector-verdicts';

/**
 * Where the score sits against the bands that decide the verdict. The 'AI' band is deliberately narrow (few human
 * texts may reach it), so without this a reader sees "95 %" next to "Uncertain" and cannot tell why.
 */
export function VerdictScale({
  score,
  bands,
  wordCount,
  byLength,
}: {
  score: number;
  bands: VerdictBands;
  wordCount: number;
  /** the bands are the offline engine's, whose 'AI' band depends on the text's length (a provider's does not) */
  byLength: boolean;
}) {
  if (wordCount < bands.minWords) {
    return (
      <p className="mt-3 text-xs text-muted-foreground" data-testid="verdict-scale">
        {SHORT_TEXT_NOTE}: texts under {bands.minWords} words are always “{VERDICT_TEXT.uncertain}”, as they are too short for a reliable verdict.
      </p>
    );
  }
  const at = (x: number) => `${Math.min(100, Math.max(0, x * 100))}%`;
  return (
    <figure className="mt-3 sm:max-w-sm" data-testid="verdict-scale">
      <div className="relative pt-2" aria-hidden="true">
        <div className="relative h-2 overflow-hidden rounded-full bg-slate-200">
          <div className="absolute inset-y-0 left-0 bg-emerald-400" style={{ width: at(bands.human) }} />
          <div className="absolute inset-y-0 right-0 min-w-[3px] bg-red-500" style={{ width: at(1 - bands.ai) }} />
        </div>
        <div
          className="absolute top-0 h-4 w-0.5 -translate-x-1/2 rounded-full bg-foreground ring-2 ring-card"
          style={{ left: at(score) }}
          title={`This text: ${percent(score)}`}
        />
      </div>
      <figcaption className="mt-1.5 text-xs leading-5 text-muted-foreground">
        This text scored <strong className="font-semibold text-foreground">{percent(score)}</strong>, in the “{VERDICT_TEXT[bandOf(score, bands)]}” band. “
        {VERDICT_TEXT.human}” up to {percent(bands.human)}, “{VERDICT_TEXT.ai}” from {percent(bands.ai)}
        {byLength && ' at this length (shorter texts need a higher score)'}; in between it says “{VERDICT_TEXT.uncertain}”, or “Mixed” where its sentences
        disagree.
      </figcaption>
    </figure>
  );
}
