import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookOpen, Columns2, ExternalLink, FileSearch, FileUp, Printer, ShieldCheck, X } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { BusyLabel } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/hooks/use-toast';
import { ApiError, apiJson, apiUpload, fileForm, messageOf } from '@/client/lib/api';
import { usePageTitle } from '@/client/lib/title';
import type { PlagiarismResponse, PlagiarismSource, PlagiarismStatus } from '@/shared/api/plagiarism';
import type { UserSettings } from '@/shared/api/user-settings';
import { useWordLimit, WordCounter, WordLimitWarning } from '../shared/limits';

const PATH = '/api/tools/plagiarism-checker';
const ACCEPT = '.txt,.docx,.pdf,text/plain,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const FAILED = 'Failed to check for plagiarism. Please try again.';

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

// Printing shows the report only: the site chrome, the input form and the buttons are hidden.
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #plagiarism-report, #plagiarism-report * { visibility: visible !important; }
  #plagiarism-report { position: absolute; inset: 0 auto auto 0; width: 100%; }
  #plagiarism-report [data-print-hide] { display: none !important; }
  #plagiarism-report .print-break { break-inside: avoid; }
}`;

function isResponse(x: unknown): x is PlagiarismResponse {
  const r = x as PlagiarismResponse;
  return !!r && typeof r === 'object' && Array.isArray(r.items) && typeof r.similarity === 'number';
}

async function checkFile(file: File): Promise<PlagiarismResponse> {
  const body = await apiUpload(PATH, fileForm(file));
  if (!isResponse(body)) throw new Error('Received invalid response format from server');
  return body;
}

async function checkText(text: string): Promise<PlagiarismResponse> {
  const body = await apiJson<unknown>('POST', PATH, { text });
  if (!isResponse(body)) throw new Error('Received invalid response format from server');
  return body;
}

interface Checked {
  result: PlagiarismResponse;
  /** the text the offsets refer to */
  text: string;
}

function fromRouterState(state: unknown): Checked | null {
  const s = state as { text?: unknown; result?: unknown } | null;
  if (s && typeof s.text === 'string' && isResponse(s.result)) return { text: s.text, result: s.result };
  return null;
}

const pct = (x: number) => `${Math.round(x * 10) / 10}%`;
const isLink = (ref: string) => /^https?:\/\//i.test(ref);

/** /tools/plagiarism-checker */
export default function PlagiarismPage(_props: { slug: string }) {
  usePageTitle('Plagiarism Checker');
  const location = useLocation();
  const initial = useMemo(() => fromRouterState(location.state), [location.state]);
  const qc = useQueryClient();
  const [text, setText] = useState(initial?.text ?? '');
  const [checked, setChecked] = useState<Checked | null>(initial);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const reportRef = useRef<HTMLDivElement>(null);
  const status = useQuery({ queryKey: ['plagiarism-status'], queryFn: () => apiJson<PlagiarismStatus>('GET', `${PATH}/status`), staleTime: 30_000 });

  const { user, limit, words, over } = useWordLimit(text);
  const canRun = words > 0 && !over && !busy;

  useEffect(() => {
    if (!checked || checked === initial) return;
    const t = setTimeout(() => reportRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 100);
    return () => clearTimeout(t);
  }, [checked, initial]);

  async function run(input: { text: string } | { file: File }) {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      const result = 'file' in input ? await checkFile(input.file) : await checkText(input.text);
      const analysed = result.text ?? ('text' in input ? input.text : '');
      if ('file' in input) setText(analysed);
      setChecked({ result, text: analysed });
      if (user) void qc.invalidateQueries({ queryKey: ['plagiarism-status'] }); // a shared submission grows the library
    } catch (err) {
      toast({ title: 'Plagiarism Check Failed', description: err instanceof ApiError && err.status === 404 ? FAILED : messageOf(err, FAILED), variant: 'destructive' });
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-12">
      <style>{PRINT_CSS}</style>
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Plagiarism Checker</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Find passages of your text that match documents in this server's reference library, with each source and a side-by-side comparison.
        </p>
      </header>

      <div className="space-y-5">
        <div className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
          <label htmlFor="plagiarism-text" className="mb-2 block text-sm font-medium">
            Text to check
          </label>
          <Textarea
            id="plagiarism-text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={10}
            placeholder="Paste an essay, article or any text to compare against the reference library…"
            size="tool"
          />
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <Button onClick={() => run({ text })} disabled={!canRun}>
              <BusyLabel busy={busy} label="Checking...">
                <FileSearch /> Check for plagiarism
              </BusyLabel>
            </Button>
            <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={busy}>
              <FileUp /> Upload file
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept={ACCEPT}
              className="sr-only"
              aria-label="Upload a .txt, .docx or .pdf file"
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) void run({ file: f });
                e.target.value = '';
              }}
            />
            {text && (
              <Button variant="ghost" size="sm" onClick={() => (setText(''), setChecked(null))}>
                <X /> Clear
              </Button>
            )}
            <WordCounter words={words} limit={limit} />
          </div>
          <p className="mt-2 text-xs text-muted-foreground">
            .txt, .docx or .pdf, up to 5 MB. Files are read on the server and not kept.
            {status.data ? ` The library holds ${status.data.documents.toLocaleString('en-US')} documents.` : ''}
          </p>
        </div>

        {user && <ShareSubmissions />}

        <WordLimitWarning words={words} limit={limit} anonymous={!user} />

        {checked && <Report ref={reportRef} result={checked.result} text={checked.text} />}
      </div>

      <section className="mt-10 grid gap-4 sm:grid-cols-3" aria-label="How the check works">
        <div className="rounded-xl border p-4">
          <BookOpen className="size-5 text-primary" aria-hidden />
          <h2 className="mt-2 font-semibold">A managed library</h2>
          <p className="mt-1 text-sm text-muted-foreground">Your text is compared with the documents on this server: a public-domain starter library and what the staff add. It does not search the web.</p>
        </div>
        <div className="rounded-xl border p-4">
          <Columns2 className="size-5 text-primary" aria-hidden />
          <h2 className="mt-2 font-semibold">Passages, not guesses</h2>
          <p className="mt-1 text-sm text-muted-foreground">Every match is a passage of at least ten words found in a source, tolerant of case, punctuation and light edits. Compare each one side by side.</p>
        </div>
        <div className="rounded-xl border p-4">
          <ShieldCheck className="size-5 text-primary" aria-hidden />
          <h2 className="mt-2 font-semibold">Your text stays yours</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Checked texts are not added to the library, unless you are signed in and choose to share your submissions.
          </p>
        </div>
      </section>
    </div>
  );
}

const SETTINGS = '/api/user/settings';

/** The signed-in user's opt-in to the institutional-repository model (GET/PUT /api/user/settings). */
function ShareSubmissions() {
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: [SETTINGS], queryFn: () => apiJson<UserSettings>('GET', SETTINGS) });
  const save = useMutation({
    mutationFn: (shareSubmissions: boolean) => apiJson<UserSettings>('PUT', SETTINGS, { shareSubmissions }),
    onSuccess: (data) => qc.setQueryData([SETTINGS], data),
    onError: (err) => toast({ title: 'Could not save your choice', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
  });
  const checked = save.isPending ? save.variables : (settings.data?.shareSubmissions ?? false);
  return (
    <div className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5" data-testid="share-submissions">
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-4 accent-primary"
          checked={checked}
          disabled={settings.isPending || settings.isError || save.isPending}
          onChange={(e) => save.mutate(e.target.checked)}
        />
        <span>
          <span className="block text-sm font-medium">Share my submissions with the reference library</span>
          <span className="mt-1 block text-sm text-muted-foreground">
            When this is on, every text you check is added to this server's reference library after the check (it never matches itself),
            listed as &ldquo;Submission by your username&rdquo;. Later checks, by you and by other users, can then find passages copied
            from it, as in a school's or university's repository. The same text is stored only once. It is off unless you turn it on;
            turning it off stops adding new texts, and staff can remove texts already shared.
          </span>
          {settings.isError && <span className="mt-1 block text-sm text-red-600">Your setting could not be loaded.</span>}
        </span>
      </label>
    </div>
  );
}

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

function Report({ result, text, ref }: { result: PlagiarismResponse; text: string; ref: React.Ref<HTMLDivElement> }) {
  const segs = useMemo(() => segments(text, result.items), [text, result.items]);
  const docs = result.checkedAgainst.documents.toLocaleString('en-US');
  const tone = result.similarity >= 40 ? 'text-red-600' : result.similarity >= 15 ? 'text-amber-600' : result.similarity > 0 ? 'text-sky-700' : 'text-emerald-600';

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
          <p className="mt-1">
            {result.wordCount.toLocaleString('en-US')} words checked against {docs} documents in the reference library
            {result.fallback ? ' (the external search provider failed; local library only)' : ''}. Report of {new Date().toLocaleString()}.
          </p>
        </div>
        <Button variant="outline" onClick={() => window.print()} data-print-hide>
          <Printer /> Print / Save as PDF
        </Button>
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
