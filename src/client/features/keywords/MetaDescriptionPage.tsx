import { useState, type Ref } from 'react';
import { Link } from 'react-router';
import { Check, Copy, Cpu, Download, Lock, Ruler, Search, Sparkles, X } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { BusyLabel } from '@/client/components/ui/spinner';
import { Notice } from '@/client/components/PageShell';
import { useCurrentUser } from '@/client/lib/auth';
import { usePageTitle } from '@/client/lib/title';
import { cn } from '@/client/lib/utils';
import { canUseTool, findTool } from '@/shared/catalogue';
import { META_MAX_CHARS, META_MAX_PIXELS, META_MIN_CHARS, type MetaDescriptionResponse, type MetaMode, type MetaVariantDto } from '@/shared/api/keywords';
import { copyText } from '../detector/DetectorResult';
import { useWordLimit, WordLimitWarning } from '../shared/limits';
import { ToolInputPanel } from '../shared/ToolInputPanel';
import { ToolNotes, ToolPageShell } from '../shared/ToolPageShell';
import { useCapabilities } from '../writing/api';
import { downloadFile, writeMetaDescription, type Source } from './api';
import { ErrorNote, useToolRun } from './common';

const NOTES = [
  {
    icon: Ruler,
    title: 'Length and width',
    text: `Search results show about ${META_MAX_PIXELS} px of a description on desktop; ${META_MIN_CHARS}–${META_MAX_CHARS} characters fit.`,
  },
  { icon: Search, title: 'Focus keyphrase', text: 'Put the phrase people search for in the description: search engines bold it in the result.' },
  {
    icon: Sparkles,
    title: 'Extracted or written',
    text: 'Offline, the description is built from your own top sentences. With a language model, it writes new variants, each checked.',
  },
];

/** SEO Meta Description (Pro): extractive offline, abstractive variants with a language model; length, width and keyphrase checks. */
export default function MetaDescriptionPage(_: { slug: string }) {
  usePageTitle('SEO Meta Description');
  const tool = findTool('meta_description_generator')!;
  const { user, isLoading } = useCurrentUser();
  const allowed = canUseTool(tool, user?.role ?? null);
  return (
    <ToolPageShell wide title="SEO Meta Description" lead="Get a meta description of the right length for search results, with your focus keyphrase in it.">
      {isLoading ? null : allowed ? (
        <MetaTool />
      ) : (
        <Notice icon={<Lock className="h-5 w-5" />} title="Available with the Pro plan or higher" className="mt-2">
          <p>
            {user ? 'Your plan does not include this tool. ' : 'Log in with a Pro account to use this tool. '}
            <Link to={user ? '/pricing' : '/login'} className="font-medium text-primary underline underline-offset-4">
              {user ? 'See plans' : 'Log in'}
            </Link>
          </p>
        </Notice>
      )}
      <ToolNotes label="How the meta description is checked" notes={NOTES} />
    </ToolPageShell>
  );
}

function MetaTool() {
  const [text, setText] = useState('');
  const [focus, setFocus] = useState('');
  const [title, setTitle] = useState('');
  const [mode, setMode] = useState<MetaMode>('extract');
  const caps = useCapabilities();
  const llm = caps.data?.llm.configured ?? false;
  const { user, limit, words, over } = useWordLimit(text);
  const { busy, error, result, resultRef, run, reset } = useToolRun<MetaDescriptionResponse>(setText, 'Failed to write a meta description. Please try again.');
  const go = (source: Source) => void run(source, (s) => writeMetaDescription(s, focus, mode));

  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="meta-focus" className="mb-1.5 block text-sm font-medium">
            Focus keyphrase <span className="font-normal text-muted-foreground">(optional)</span>
          </label>
          <Input id="meta-focus" value={focus} maxLength={120} onChange={(e) => setFocus(e.target.value)} placeholder="e.g. solar panels" />
        </div>
        <div>
          <label htmlFor="meta-title" className="mb-1.5 block text-sm font-medium">
            Page title <span className="font-normal text-muted-foreground">(for the preview)</span>
          </label>
          <Input id="meta-title" value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} placeholder="Your page title" />
        </div>
      </div>
      <fieldset className="mt-4">
        <legend className="mb-1.5 text-sm font-medium">How</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="meta-mode" className="accent-primary" checked={mode === 'extract'} onChange={() => setMode('extract')} />
            Extract from my text (offline)
          </label>
          <label className={cn('flex items-center gap-2', !llm && 'text-muted-foreground')}>
            <input
              type="radio"
              name="meta-mode"
              className="accent-primary"
              checked={mode === 'generate'}
              disabled={!llm}
              onChange={() => setMode('generate')}
            />
            Write new variants with AI
          </label>
        </div>
        {!llm && caps.isSuccess && (
          <p className="mt-1.5 text-xs text-muted-foreground" data-testid="llm-note">
            Writing new variants needs a language model, and none is configured on this server. Extraction works without one.
          </p>
        )}
      </fieldset>
      <div className="mt-4">
        <ToolInputPanel
          id="meta-input"
          label="Page content"
          value={text}
          onChange={setText}
          rows={8}
          placeholder="Paste the text of the page the description is for…"
          words={words}
          limit={limit}
          actions={
            <Button onClick={() => go({ text })} disabled={words === 0 || over || busy}>
              <BusyLabel busy={busy} label={mode === 'generate' ? 'Writing...' : 'Extracting...'}>
                {mode === 'generate' ? 'Write descriptions' : 'Get description'}
              </BusyLabel>
            </Button>
          }
          upload={{ onFile: (file) => go({ file }), disabled: busy }}
          onClear={() => (setText(''), reset())}
        />
      </div>
      {over && (
        <div className="mt-4">
          <WordLimitWarning words={words} limit={limit} anonymous={!user} />
        </div>
      )}
      {error && <ErrorNote message={error} />}
      {result && <MetaResult ref={resultRef} result={result} title={title} />}
    </>
  );
}

function MetaResult({ result, title, ref }: { result: MetaDescriptionResponse; title: string; ref?: Ref<HTMLElement> }) {
  const [picked, setPicked] = useState(0);
  const chosen = result.variants[picked] ?? result.variants[0];
  if (!chosen)
    return (
      <section ref={ref} className="mt-6 rounded-2xl border bg-card p-4 text-sm text-muted-foreground shadow-sm" data-testid="meta-result">
        No description could be built from this text. Try a text with a few full sentences.
      </section>
    );
  return (
    <section
      ref={ref}
      className="mt-6 grid items-start gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
      aria-labelledby="meta-result-title"
      data-testid="meta-result"
    >
      <div className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="meta-result-title" className="text-lg font-semibold">
            {result.variants.length === 1 ? 'Description' : `${result.variants.length} variants`}
          </h2>
          <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 text-xs text-muted-foreground" data-testid="engine-label">
            <Cpu className="size-3" aria-hidden /> {result.engine}
          </span>
          {result.focus && (
            <span className="text-xs text-muted-foreground">
              Focus: <strong className="text-foreground">{result.focus}</strong>
            </span>
          )}
          <Button
            className="ml-auto"
            variant="outline"
            size="sm"
            onClick={() =>
              downloadFile(
                'meta-descriptions.txt',
                result.variants.map((v) => `${v.text}\n(${v.length} characters, ${v.pixels} px${v.hasFocus ? ', has the focus keyphrase' : ''})`).join('\n\n') +
                  '\n',
                'text/plain;charset=utf-8',
              )
            }
          >
            <Download /> Download
          </Button>
        </div>
        {result.notice && <p className="mt-2 text-sm text-amber-700">{result.notice}</p>}
        <ul className="mt-3 space-y-3" aria-label="Variants">
          {result.variants.map((v, i) => (
            <Variant key={i} v={v} active={i === picked} onPick={() => setPicked(i)} limits={result.limits} />
          ))}
        </ul>
      </div>
      <div className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5 lg:sticky lg:top-20">
        <h2 className="text-lg font-semibold">Search result preview</h2>
        <SerpPreview title={title || result.focus || 'Your page title'} description={chosen.text} focus={result.focus} />
      </div>
    </section>
  );
}

function Variant({ v, active, onPick, limits }: { v: MetaVariantDto; active: boolean; onPick: () => void; limits: MetaDescriptionResponse['limits'] }) {
  const share = Math.min(1, v.pixels / limits.maxPixels);
  return (
    <li className={cn('rounded-xl border p-3', active && 'border-primary ring-1 ring-primary')} data-testid="meta-variant">
      <p className="text-[15px] leading-6">{v.text}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
        <Check_ ok={v.withinLength} label={`${v.length} / ${limits.maxChars} characters`} testid="meta-length" />
        <Check_ ok={v.hasFocus} label={v.hasFocus ? 'Has focus keyphrase' : 'No focus keyphrase'} />
        <span className="rounded-full bg-muted px-2 py-0.5 text-muted-foreground">{v.source === 'model' ? 'AI written' : 'Extracted'}</span>
      </div>
      <div className="mt-2">
        <div className="flex justify-between text-[11px] text-muted-foreground">
          <span>Width</span>
          <span className="tabular-nums" data-testid="meta-pixels">
            {v.pixels} / {limits.maxPixels} px
          </span>
        </div>
        <div
          className="mt-1 h-1.5 overflow-hidden rounded-full bg-muted"
          role="meter"
          aria-label="Width in search results"
          aria-valuemin={0}
          aria-valuemax={limits.maxPixels}
          aria-valuenow={v.pixels}
        >
          <div
            className={cn('h-full rounded-full', v.pixels > limits.maxPixels ? 'bg-red-500' : v.tooShort ? 'bg-amber-500' : 'bg-emerald-500')}
            style={{ width: `${share * 100}%` }}
          />
        </div>
      </div>
      <div className="mt-2 flex gap-2">
        <Button size="sm" variant="outline" onClick={() => copyText(v.text)}>
          <Copy /> Copy
        </Button>
        {!active && (
          <Button size="sm" variant="ghost" onClick={onPick}>
            Preview
          </Button>
        )}
      </div>
    </li>
  );
}

function Check_({ ok, label, testid }: { ok: boolean; label: string; testid?: string }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5', ok ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-900')}
      data-testid={testid}
    >
      {ok ? <Check className="size-3" aria-hidden /> : <X className="size-3" aria-hidden />} {label}
    </span>
  );
}

/** A desktop result as search engines draw it (Arial 13–14 px), with the focus keyphrase in bold and the overflow cut. */
function SerpPreview({ title, description, focus }: { title: string; description: string; focus: string | null }) {
  const parts = focus ? splitOn(description, focus) : [{ text: description, bold: false }];
  return (
    <div
      className="mt-3 max-w-[600px] rounded-xl border bg-white p-4 text-left dark:bg-white"
      style={{ fontFamily: 'Arial, Helvetica, sans-serif' }}
      data-testid="serp-preview"
    >
      <p className="truncate text-[12px] text-[#202124]">example.com › page</p>
      <p className="mt-0.5 truncate text-[18px] leading-6 text-[#1a0dab]">{title}</p>
      <p className="mt-1 line-clamp-2 text-[13px] leading-5 text-[#4d5156]">
        {parts.map((p, i) => (p.bold ? <b key={i}>{p.text}</b> : <span key={i}>{p.text}</span>))}
      </p>
    </div>
  );
}

function splitOn(text: string, phrase: string): { text: string; bold: boolean }[] {
  const at = text.toLowerCase().indexOf(phrase.toLowerCase());
  if (at < 0 || !phrase) return [{ text, bold: false }];
  return [
    { text: text.slice(0, at), bold: false },
    { text: text.slice(at, at + phrase.length), bold: true },
    { text: text.slice(at + phrase.length), bold: false },
  ];
}
