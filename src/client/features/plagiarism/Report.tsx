import { useMemo, useState } from 'react';
import { Columns2, ExternalLink, Printer } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import type { PlagiarismResponse, PlagiarismSource } from '@/shared/api/plagiarism';

/** One colour per source (by rank); highlights and source cards share it. */
const PALETTE = [
  { mark: 'bg-red-100 decoration-red-400', dot: 'bg-red-500', border: 'border-red-300' },
  { mark: 'bg-amber-100 decoration-amber-400', dot: 'bg-amber-500', border: 'border-amber-300' },
  { mark: 'bg-sky-100 decoration-sky-400', dot: 'bg-sky-500', border: 'border-sky-300' },
  { mark: 'bg-violet-100 decoration-violet-400', dot: 'bg-violet-500', border: 'border-violet-300' },
  { mark: 'bg-emerald-100 decoration-emerald-400', dot: 'bg-emerald-500', border: 'border-emerald-300' },
  { mark: 'bg-pink-100 decoration-pink-400', dot: 'bg-pink-500', border: 'border-pink-300' },
] as const;
const colour = (i: number) => PALETTE[i % PALETTE.length];

const pct = (x: number) => `${Math.round(x * 10) / 10}%`;
const isLink = (ref: string) => /^https?:\/\//i.test(ref);

interface Segment {
  start: number;
  end: number;
  /** index of the source, or -1 for unmatched text */
  source: number;
}

/** Split the text into runs owned by the highest-ranked source covering them. */
function segments(text: string, items: PlagiarismSource[]): Segment[] {
  const owner = new Int32Array(text.length).fill(-1);
  items.forEach((s, i) => {
    for (const p of s.passages) for (let c = p.submitted.start; c < p.submitted.end && c < text.length; c++) if (owner[c] === -1) owner[c] = i;
  });
  const out: Segment[] = [];
  let start = 0;
  for (let c = 1; c <= text.length; c++) {
    if (c === text.length || owner[c] !== owner[start]) {
      out.push({ start, end: c, source: owner[start] });
      start = c;
    }
  }
  return out;
}

/** The similarity, the text with its matched passages, and the sources with side-by-side comparisons; printable. */
export function Report({
  result,
  text,
  ref,
  actions,
  checkedAt,
  print = true,
}: {
  result: PlagiarismResponse;
  text: string;
  ref?: React.Ref<HTMLDivElement>;
  /** more buttons beside Print (Save report) */
  actions?: React.ReactNode;
  /** when the check ran (a saved or kept result); now by default */
  checkedAt?: string;
  /** the Print button (the tool page's print style); off where the report has its own PDF */
  print?: boolean;
}) {
  const segs = useMemo(() => segments(text, result.items), [text, result.items]);
  const docs = result.checkedAgainst.documents.toLocaleString('en-US');
  const web = result.checkedAgainst.web;
  const tone =
    result.similarity >= 40 ? 'text-red-600' : result.similarity >= 15 ? 'text-amber-600' : result.similarity > 0 ? 'text-sky-700' : 'text-emerald-600';

  return (
    <div id="plagiarism-report" ref={ref} className="scroll-mt-20 space-y-5" data-testid="plagiarism-report">
      <div className="print-break flex flex-col gap-4 rounded-2xl border bg-card p-5 shadow-sm sm:flex-row sm:items-center">
        <div>
          <div className={`text-5xl font-bold tabular-nums ${tone}`} data-testid="similarity">
            {pct(result.similarity)}
          </div>
          <div className="mt-1 text-sm font-medium">similarity</div>
        </div>
        <div className="flex-1 text-sm text-muted-foreground sm:border-l sm:pl-5">
          <p className="font-medium text-foreground">
            {result.items.length === 0
              ? `No matching passages found in ${docs} documents`
              : `${pct(result.similarity)} of the text matches ${result.items.length} ${result.items.length === 1 ? 'source' : 'sources'}`}
          </p>
          <p className="mt-1" data-testid="checked-against">
            {result.wordCount.toLocaleString('en-US')} words checked against {docs} documents in the reference library
            {web && !result.fallback
              ? ` and ${web.pages.toLocaleString('en-US')} web ${web.pages === 1 ? 'page' : 'pages'} found by ${web.providers.join(' and ')} for ${web.queries} ${web.queries === 1 ? 'passage' : 'passages'} of your text`
              : ''}
            {result.fallback ? ' (web search did not answer, so the reference library alone was checked)' : ''}. Report of{' '}
            {(checkedAt ? new Date(checkedAt) : new Date()).toLocaleString()}.
          </p>
        </div>
        <div className="flex flex-wrap gap-2" data-print-hide>
          {print && (
            <Button variant="outline" onClick={() => window.print()}>
              <Printer /> Print / Save as PDF
            </Button>
          )}
          {actions}
        </div>
      </div>

      {result.items.length > 0 && (
        <>
          <section className="print-break rounded-2xl border bg-card p-5 shadow-sm" aria-labelledby="submitted-heading">
            <h2 id="submitted-heading" className="mb-3 font-semibold">
              Your text, matched passages highlighted
            </h2>
            <div className="whitespace-pre-wrap text-[15px] leading-7" data-testid="highlighted-text">
              {segs.map((s) =>
                s.source < 0 ? (
                  <span key={s.start}>{text.slice(s.start, s.end)}</span>
                ) : (
                  <a
                    key={s.start}
                    href={`#source-${s.source + 1}`}
                    title={`Matches ${result.items[s.source].title}`}
                    className={`rounded-sm underline decoration-2 underline-offset-4 ${colour(s.source).mark}`}
                  >
                    {text.slice(s.start, s.end)}
                    <sup className="ml-0.5 text-[10px] font-semibold no-underline">[{s.source + 1}]</sup>
                  </a>
                ),
              )}
            </div>
          </section>

          <section aria-labelledby="sources-heading" className="space-y-3">
            <h2 id="sources-heading" className="font-semibold">
              Sources
            </h2>
            <ol className="space-y-3">
              {result.items.map((s, i) => (
                <SourceCard key={s.id} source={s} index={i} text={text} />
              ))}
            </ol>
          </section>
        </>
      )}
    </div>
  );
}

function SourceCard({ source, index, text }: { source: PlagiarismSource; index: number; text: string }) {
  const [open, setOpen] = useState(false);
  const c = colour(index);
  return (
    <li id={`source-${index + 1}`} className={`print-break scroll-mt-20 rounded-xl border-l-4 border bg-card p-4 ${c.border}`} data-testid="source">
      <div className="flex flex-wrap items-start gap-3">
        <span className={`mt-1.5 size-2.5 shrink-0 rounded-full ${c.dot}`} aria-hidden />
        <div className="min-w-0 flex-1">
          <h3 className="font-medium">
            [{index + 1}] {source.title}
            {source.origin === 'web' && (
              <span className="ml-2 rounded-full bg-sky-100 px-2 py-0.5 align-middle text-xs font-medium text-sky-800" data-testid="web-source">
                Web page
              </span>
            )}
          </h3>
          <p className="mt-0.5 break-words text-sm text-muted-foreground">
            {isLink(source.reference) ? (
              <a href={source.reference} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 underline underline-offset-4">
                {source.reference} <ExternalLink className="size-3" aria-hidden />
              </a>
            ) : (
              source.reference
            )}
          </p>
          <p className="mt-1 text-sm">
            <span className="font-semibold tabular-nums">{pct(source.matchedPercent)}</span> of your text · {source.passages.length}{' '}
            {source.passages.length === 1 ? 'passage' : 'passages'}
            {source.passages.length === 0 ? ` · similar wording overall (${Math.round(source.jaccard * 100)}% estimated overlap)` : ''}
          </p>
        </div>
        {source.passages.length > 0 && (
          <Button variant="outline" size="sm" onClick={() => setOpen((o) => !o)} aria-expanded={open} data-print-hide>
            <Columns2 /> {open ? 'Hide comparison' : 'Compare side by side'}
          </Button>
        )}
      </div>
      {source.passages.length > 0 && (
        <div className={`${open ? 'mt-4 space-y-3' : 'hidden'} print:mt-4 print:block print:space-y-3`} data-testid="side-by-side">
          {source.passages.map((p, j) => (
            <div key={j} className="print-break grid gap-2 sm:grid-cols-2 print:grid-cols-2">
              <figure className="rounded-lg border bg-background p-3">
                <figcaption className="mb-1 text-xs font-medium uppercase tracking-wide text-muted-foreground">Your text · {p.words} words</figcaption>
                <p className={`whitespace-pre-wrap text-sm leading-6 ${c.mark} rounded-sm`}>{text.slice(p.submitted.start, p.submitted.end)}</p>
              </figure>
              <figure className="rounded-lg border bg-background p-3">
                <figcaption className="mb-1 text-xs font-medium uppercase tracking-wide text-muted-foreground">Source</figcaption>
                <p className="whitespace-pre-wrap text-sm leading-6">{p.sourceExcerpt}</p>
              </figure>
            </div>
          ))}
        </div>
      )}
    </li>
  );
}
