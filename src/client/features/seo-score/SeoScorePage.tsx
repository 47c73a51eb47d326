import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { AlertOctagon, CheckCircle2, Copy, Download, FileJson, FileUp, Globe, Info, TriangleAlert } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { BusyLabel } from '@/client/components/ui/spinner';
import { toast } from '@/client/hooks/use-toast';
import { messageOf } from '@/client/lib/api';
import { usePageTitle } from '@/client/lib/title';
import { cn } from '@/client/lib/utils';
import type { SeoCheck, SeoLight, SeoResponse } from '@/shared/api/seo-score';
import { copyText } from '../detector/DetectorResult';
import { useWordLimit, WordLimitWarning } from '../shared/limits';
import { ToolInputPanel } from '../shared/ToolInputPanel';
import { ToolPageShell } from '../shared/ToolPageShell';
import { analyzeFile, analyzeText, analyzeUrl, type SeoOptions } from './api';
import { byLight, LIGHT_GROUPS, reportText, saveFile } from './report';
import { Suggestions } from './Suggestions';
import { revealResult } from '@/client/lib/reveal';

type Mode = 'paste' | 'url';
type Format = 'auto' | 'html' | 'markdown';

/** Read in the browser (the text lands in the box, editable); .docx and .pdf go to the server, which extracts them. */
const LOCAL_FILES = /\.(txt|html?|md|markdown)$/i;
const SERVER_FILES = /\.(docx|pdf)$/i;
const FILE_ACCEPT =
  '.txt,.html,.htm,.md,.markdown,.docx,.pdf,text/plain,text/html,text/markdown,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const LOCAL_FILE_BYTES = 2 * 1024 * 1024;

const LIGHT_STYLE: Record<SeoLight, { dot: string; text: string; icon: typeof CheckCircle2; name: string }> = {
  problem: { dot: 'bg-red-500', text: 'text-red-700 dark:text-red-400', icon: AlertOctagon, name: 'Problem' },
  ok: { dot: 'bg-amber-400', text: 'text-amber-700 dark:text-amber-400', icon: TriangleAlert, name: 'Improvement' },
  good: { dot: 'bg-green-500', text: 'text-green-700 dark:text-green-400', icon: CheckCircle2, name: 'Good' },
};

const scoreColor = (s: number) => (s >= 80 ? '#16a34a' : s >= 50 ? '#d97706' : '#dc2626');
const scoreWord = (s: number) => (s >= 80 ? 'Good' : s >= 50 ? 'Needs work' : 'Poor');

/** SEO Score Analyzer: paste a page (HTML, Markdown or text) or give its URL; traffic lights with a fix per check. */
export default function SeoScorePage(_: { slug: string }) {
  usePageTitle('SEO Score Analyzer');
  const [mode, setMode] = useState<Mode>('paste');
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<Format>('auto');
  const [keyphrase, setKeyphrase] = useState('');
  const [title, setTitle] = useState('');
  const [metaDescription, setMetaDescription] = useState('');
  const [slug, setSlug] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ report: SeoResponse; source: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLElement>(null);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const { user, limit, words, over } = useWordLimit(mode === 'paste' ? text : '');

  const options = (): SeoOptions => ({
    keyphrase: keyphrase.trim() || undefined,
    title: title.trim() || undefined,
    metaDescription: metaDescription.trim() || undefined,
    slug: slug.trim() || undefined,
    format,
  });

  async function run(work: () => Promise<SeoResponse>, source: string) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const report = await work();
      if (report.text !== undefined) setText(report.text);
      setResult({ report, source: report.fetched?.finalUrl ?? source });
      revealResult(resultRef);
    } catch (err) {
      const message = messageOf(err, 'The analysis failed. Please try again.');
      // shown inline (role=alert) under the form, where the fix is made
      setError(message);
    } finally {
      setBusy(false);
    }
  }

  const analyze = () => (mode === 'url' ? run(() => analyzeUrl(url.trim(), options()), url.trim()) : run(() => analyzeText(text, options()), 'pasted text'));

  async function onFile(file: File) {
    if (LOCAL_FILES.test(file.name)) {
      if (file.size > LOCAL_FILE_BYTES) {
        toast({ title: 'File too large', description: 'Files read here are limited to 2 MB.', variant: 'destructive' });
        return;
      }
      setText(await file.text());
      setFormat(/\.html?$/i.test(file.name) ? 'html' : /\.(md|markdown)$/i.test(file.name) ? 'markdown' : 'auto');
      toast({ title: `${file.name} loaded`, description: 'Check the fields, then press Analyze.' });
    } else if (SERVER_FILES.test(file.name)) {
      await run(() => analyzeFile(file, options()), file.name);
    } else toast({ title: 'Unsupported file', description: 'Upload a .txt, .html, .md, .docx or .pdf file.', variant: 'destructive' });
  }

  function onTabKey(e: KeyboardEvent) {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next: Mode = e.key === 'Home' ? 'paste' : e.key === 'End' ? 'url' : mode === 'paste' ? 'url' : 'paste';
    setMode(next);
    tabs.current[next === 'paste' ? 0 : 1]?.focus();
  }

  const canRun = mode === 'url' ? url.trim().length > 0 : words > 0 && !over;
  const runButton = (
    <Button onClick={() => void analyze()} disabled={!canRun || busy} data-testid="seo-analyze">
      <BusyLabel busy={busy} label={mode === 'url' ? 'Fetching and analyzing...' : 'Analyzing...'}>
        Analyze
      </BusyLabel>
    </Button>
  );

  return (
    <ToolPageShell
      wide
      title="SEO Score Analyzer"
      lead="Score a page for on-page SEO and readability: paste its HTML or Markdown, or give its address. Every check comes with a concrete fix."
    >
      <div role="tablist" aria-label="What to analyze" className="mb-3 inline-flex rounded-xl border bg-muted/50 p-1" onKeyDown={onTabKey}>
        {(
          [
            ['paste', 'Paste HTML / Markdown'],
            ['url', 'URL'],
          ] as const
        ).map(([m, label], i) => (
          <button
            key={m}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            role="tab"
            id={`seo-tab-${m}`}
            aria-selected={mode === m}
            aria-controls={`seo-panel-${m}`}
            tabIndex={mode === m ? 0 : -1}
            onClick={() => setMode(m)}
            className={cn(
              'rounded-lg px-3 py-1.5 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
              mode === m ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {m === 'url' && <Globe className="mr-1.5 inline size-4" aria-hidden />}
            {label}
          </button>
        ))}
      </div>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div id={`seo-panel-${mode}`} role="tabpanel" aria-labelledby={`seo-tab-${mode}`}>
          {mode === 'paste' ? (
            <ToolInputPanel
              id="seo-input"
              label="Page HTML, Markdown or text"
              value={text}
              onChange={setText}
              placeholder={'<h1>Your title</h1>\n<p>Your first paragraph…</p>\n\nor Markdown: # Title, ## Subheading, [links](/page), ![alt](image.png)'}
              rows={12}
              words={words}
              limit={limit}
              onClear={() => setText('')}
              actions={
                <>
                  {runButton}
                  <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={busy}>
                    <FileUp /> Upload file
                  </Button>
                  <input
                    ref={fileInput}
                    type="file"
                    accept={FILE_ACCEPT}
                    className="sr-only"
                    tabIndex={-1}
                    aria-label="Upload a .txt, .html, .md, .docx or .pdf file"
                    onChange={(e) => {
                      const file = e.target.files?.[0];
                      e.target.value = '';
                      if (file) void onFile(file);
                    }}
                  />
                  <label className="flex items-center gap-2 text-sm text-muted-foreground">
                    Format
                    <select
                      value={format}
                      onChange={(e) => setFormat(e.target.value as Format)}
                      className="h-9 rounded-lg border border-input bg-background px-2 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <option value="auto">Detect</option>
                      <option value="html">HTML</option>
                      <option value="markdown">Markdown / text</option>
                    </select>
                  </label>
                </>
              }
            />
          ) : (
            <div className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
              <label htmlFor="seo-url" className="mb-2 block text-sm font-medium">
                Page URL
              </label>
              <Input
                id="seo-url"
                type="url"
                inputMode="url"
                placeholder="https://example.com/blog/your-post"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && canRun) void analyze();
                }}
              />
              <p className="mt-2 text-xs text-muted-foreground">
                The server fetches the page once: public http(s) addresses on the standard ports only, HTML up to 2 MB, within 10 seconds. Pages that build
                their text with JavaScript show little here: paste their HTML instead.
              </p>
              <div className="mt-3">{runButton}</div>
            </div>
          )}
          {over && mode === 'paste' && (
            <div className="mt-4">
              <WordLimitWarning words={words} limit={limit} anonymous={!user} />
            </div>
          )}
        </div>

        <fieldset className="space-y-3 rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
          <legend className="sr-only">Keyphrase and meta data</legend>
          <Field id="seo-keyphrase" label="Focus keyphrase" hint="The search phrase this page should rank for.">
            <Input id="seo-keyphrase" value={keyphrase} maxLength={100} onChange={(e) => setKeyphrase(e.target.value)} placeholder="e.g. sourdough bread" />
          </Field>
          <Field id="seo-title" label="SEO title" hint="Optional; else the page's <title> or H1." counter={title ? `${[...title].length} chars` : undefined}>
            <Input id="seo-title" value={title} maxLength={300} onChange={(e) => setTitle(e.target.value)} />
          </Field>
          <Field
            id="seo-meta"
            label="Meta description"
            hint="Optional; else the page's meta description. 120–158 characters."
            counter={metaDescription ? `${[...metaDescription].length} / 158` : undefined}
          >
            <textarea
              id="seo-meta"
              value={metaDescription}
              maxLength={1000}
              rows={3}
              onChange={(e) => setMetaDescription(e.target.value)}
              className="w-full rounded-lg border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:text-sm"
            />
          </Field>
          <Field id="seo-slug" label="Slug or page address" hint="Optional, e.g. sourdough-bread or https://example.com/sourdough-bread.">
            <Input id="seo-slug" value={slug} maxLength={2048} onChange={(e) => setSlug(e.target.value)} />
          </Field>
        </fieldset>
      </div>

      <div aria-live="polite" className="sr-only">
        {busy ? 'Analyzing…' : result ? `Analysis done: score ${result.report.score} out of 100.` : ''}
      </div>

      {error && !busy && (
        <div
          role="alert"
          className="mt-6 flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300"
          data-testid="seo-error"
        >
          <AlertOctagon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{error}</span>
        </div>
      )}

      {!result && !busy && !error && (
        <p className="mt-6 rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
          Your score, readability figures and the list of fixes appear here. Add a focus keyphrase for the keyphrase checks.
        </p>
      )}

      {result && <SeoResult ref={resultRef} report={result.report} source={result.source} stale={busy} />}
      {result && !busy && <Suggestions report={result.report} />}
    </ToolPageShell>
  );
}

function Field({ id, label, hint, counter, children }: { id: string; label: string; hint: string; counter?: string; children: ReactNode }) {
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {counter && <span className="text-xs tabular-nums text-muted-foreground">{counter}</span>}
      </div>
      {children}
      <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
    </div>
  );
}

function ScoreGauge({ score }: { score: number }) {
  const r = 52;
  const c = 2 * Math.PI * r;
  const color = scoreColor(score);
  return (
    <div className="relative size-36 shrink-0" role="img" aria-label={`SEO score ${score} out of 100: ${scoreWord(score)}`} data-testid="seo-score">
      <svg viewBox="0 0 120 120" className="size-full -rotate-90" aria-hidden>
        <circle cx="60" cy="60" r={r} fill="none" stroke="currentColor" strokeWidth="10" className="text-muted" />
        <circle cx="60" cy="60" r={r} fill="none" stroke={color} strokeWidth="10" strokeLinecap="round" strokeDasharray={`${(score / 100) * c} ${c}`} />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center" aria-hidden>
        <span className="text-4xl font-bold tabular-nums" style={{ color }} data-testid="seo-score-value">
          {score}
        </span>
        <span className="text-xs text-muted-foreground">of 100</span>
      </div>
    </div>
  );
}

function Figure({ label, value, note }: { label: string; value: ReactNode; note?: string }) {
  return (
    <div className="rounded-xl border bg-background p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
      {note && <dd className="text-xs text-muted-foreground">{note}</dd>}
    </div>
  );
}

function CheckItem({ check }: { check: SeoCheck }) {
  const s = LIGHT_STYLE[check.light];
  return (
    <li className="flex gap-3 rounded-xl border bg-background p-3 text-sm" data-testid="seo-check" data-check={check.id} data-light={check.light}>
      <span className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', s.dot)} aria-hidden />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-medium">{check.label}</span>
          <span className="sr-only">({s.name})</span>
          <span className="break-words text-muted-foreground">{check.value}</span>
        </div>
        <p className={cn('mt-1 break-words', check.light === 'good' ? 'text-muted-foreground' : s.text)}>{check.fix}</p>
      </div>
    </li>
  );
}

function SeoResult({ report: r, source, stale, ref }: { report: SeoResponse; source: string; stale: boolean; ref: React.Ref<HTMLElement> }) {
  const base = `seo-report-${new Date().toISOString().slice(0, 10)}`;
  return (
    <section
      ref={ref}
      aria-labelledby="seo-result-title"
      className={cn('mt-8 scroll-mt-20 space-y-4 transition-opacity', stale && 'opacity-60')}
      data-testid="seo-result"
    >
      <div className="flex flex-col gap-5 rounded-2xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:p-5">
        <ScoreGauge score={r.score} />
        <div className="min-w-0 flex-1">
          <h2 id="seo-result-title" className="text-xl font-semibold">
            {scoreWord(r.score)}: {byLight(r.checks, 'problem').length} problems, {byLight(r.checks, 'ok').length} improvements
          </h2>
          <p className="mt-1 break-all text-sm text-muted-foreground">
            {source}
            {r.keyphrase ? ` · keyphrase “${r.keyphrase}”` : ' · no focus keyphrase'}
            {r.fetched ? ` · ${Math.round(r.fetched.bytes / 1024)} KB fetched${r.fetched.redirects ? `, ${r.fetched.redirects} redirects` : ''}` : ''}
          </p>
          <div className="mt-3 flex flex-wrap gap-2 text-sm">
            <span className="rounded-full bg-muted px-2.5 py-0.5">SEO {r.scores.seo}</span>
            <span className="rounded-full bg-muted px-2.5 py-0.5">Readability {r.scores.readability}</span>
            <span className="rounded-full bg-muted px-2.5 py-0.5">{r.document.words.toLocaleString('en-US')} words</span>
          </div>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => void copyText(reportText(r, source))}>
              <Copy /> Copy report
            </Button>
            <Button size="sm" variant="outline" onClick={() => saveFile(`${base}.txt`, reportText(r, source), 'text/plain;charset=utf-8')}>
              <Download /> Download .txt
            </Button>
            <Button size="sm" variant="outline" onClick={() => saveFile(`${base}.json`, JSON.stringify({ source, ...r }, null, 2), 'application/json')}>
              <FileJson /> Download .json
            </Button>
          </div>
        </div>
      </div>

      <div className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
        <h2 className="text-lg font-semibold">Readability</h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="seo-readability">
          <Figure label="Flesch reading ease" value={r.readability.fleschReadingEase} note="60+ is easy for most" />
          <Figure label="Flesch–Kincaid grade" value={r.readability.fleschKincaidGrade} note="US school grade" />
          <Figure label="Gunning fog" value={r.readability.gunningFog} note="years of schooling" />
          <Figure label="SMOG grade" value={r.readability.smog} note={r.readability.sentences < 30 ? 'rough under 30 sentences' : 'years of schooling'} />
          <Figure label="Words" value={r.readability.words.toLocaleString('en-US')} />
          <Figure label="Sentences" value={r.readability.sentences.toLocaleString('en-US')} />
          <Figure label="Words per sentence" value={r.readability.wordsPerSentence} />
          <Figure label="Paragraphs" value={r.readability.paragraphs.toLocaleString('en-US')} />
        </dl>
      </div>

      {LIGHT_GROUPS.map((g) => {
        const list = byLight(r.checks, g.light);
        if (!list.length) return null;
        const Icon = LIGHT_STYLE[g.light].icon;
        const body = (
          <ul className="mt-3 space-y-2" aria-label={g.title}>
            {list.map((c) => (
              <CheckItem key={c.id} check={c} />
            ))}
          </ul>
        );
        return (
          <div key={g.light} className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5" data-testid={`seo-group-${g.light}`}>
            {g.light === 'good' ? (
              <details>
                <summary className="cursor-pointer rounded text-lg font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring">
                  <Icon className={cn('mr-2 inline size-5 align-[-3px]', LIGHT_STYLE[g.light].text)} aria-hidden />
                  {g.title} ({list.length})
                </summary>
                {body}
              </details>
            ) : (
              <>
                <h2 className="text-lg font-semibold">
                  <Icon className={cn('mr-2 inline size-5 align-[-3px]', LIGHT_STYLE[g.light].text)} aria-hidden />
                  {g.title} ({list.length})
                </h2>
                {body}
              </>
            )}
          </div>
        );
      })}

      {r.notChecked.length > 0 && (
        <div className="rounded-2xl border border-dashed p-4 text-sm text-muted-foreground sm:p-5">
          <h2 className="flex items-center gap-2 font-semibold text-foreground">
            <Info className="size-4" aria-hidden /> Not checked
          </h2>
          <ul className="mt-2 space-y-1">
            {r.notChecked.map((n) => (
              <li key={n.id}>
                <span className="font-medium text-foreground">{n.label}:</span> {n.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
