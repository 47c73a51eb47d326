import { useEffect, useRef, useState } from 'react';
import { AlertTriangle, Copy, Cpu, GitCompare } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { BusyLabel } from '@/client/components/ui/spinner';
import { toast } from '@/client/hooks/use-toast';
import { errorCode, messageOf } from '@/client/lib/api';
import { usePageTitle } from '@/client/lib/title';
import { cn } from '@/client/lib/utils';
import { LIMIT_MESSAGES } from '@/shared/limits';
import type { WritingResponse } from '@/shared/api/writing';
import { copyText } from '../detector/DetectorResult';
import { DetectorReadingChip } from './DetectorReadingChip';
import { LimitBanner, useWordLimit, WordLimitWarning } from '../shared/limits';
import { ToolInputPanel } from '../shared/ToolInputPanel';
import { ToolPageShell } from '../shared/ToolPageShell';
import { runWritingTool, useCapabilities } from './api';
import { diffWords } from './diff';
import { WRITING_PAGES } from './tools';
import { StreamingPanel } from '@/client/features/shared/StreamingPanel';
import { revealResult } from '@/client/lib/reveal';

const capitalise = (s: string) => s[0].toUpperCase() + s.slice(1);

function DiffView({ before, after }: { before: string; after: string }) {
  return (
    <div className="whitespace-pre-wrap break-words text-[15px] leading-7" data-testid="diff-view">
      {diffWords(before, after).map((p, i) =>
        p.kind === 'same' ? (
          <span key={i}>{p.text}</span>
        ) : p.kind === 'removed' ? (
          <del key={i} className="mr-0.5 rounded bg-red-100 px-0.5 text-red-800 decoration-red-400">
            {p.text}
          </del>
        ) : (
          <ins key={i} className="rounded bg-emerald-100 px-0.5 text-emerald-900 no-underline">
            {p.text}
          </ins>
        ),
      )}
    </div>
  );
}

/** Shared page of the writing tools: input with word counter, options, output with copy, diff and engine label. */
export default function WritingToolPage({ slug }: { slug: string }) {
  const cfg = WRITING_PAGES[slug];
  usePageTitle(cfg.title);
  const caps = useCapabilities();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<Record<string, string>>(() => Object.fromEntries(cfg.options.map((o) => [o.name, o.initial])));
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ input: string; response: WritingResponse } | null>(null);
  const [streamed, setStreamed] = useState<string | null>(null);
  const [view, setView] = useState<'output' | 'diff'>('output');
  const [limitReached, setLimitReached] = useState(false);
  const resultRef = useRef<HTMLElement>(null);
  const { user, limit, words, over } = useWordLimit(text);
  const modelMissing = cfg.needsModel && caps.data?.llm.configured === false;

  useEffect(() => {
    if (result) revealResult(resultRef);
  }, [result]);

  async function run() {
    if (busy) return;
    setBusy(true);
    try {
      // With a language model the words stream in as they are written; offline engines answer at once.
      const streaming = caps.data?.llm.configured === true;
      if (streaming) setStreamed('');
      const response = await runWritingTool(cfg.endpoint, { text, ...options }, streaming ? (d) => setStreamed((s) => (s ?? '') + d) : undefined);
      setResult({ input: text, response });
      setView('output');
    } catch (err) {
      if (errorCode(err) === 'limit_reached') {
        setLimitReached(true);
        toast({ title: LIMIT_MESSAGES[cfg.allowance].title, description: LIMIT_MESSAGES[cfg.allowance].message, variant: 'destructive' });
      } else {
        toast({ title: `${cfg.title} Failed`, description: messageOf(err, cfg.failure), variant: 'destructive' });
      }
    } finally {
      setBusy(false);
      setStreamed(null);
    }
  }

  const engine = result?.response.engine;
  return (
    <ToolPageShell title={cfg.title} lead={cfg.lead}>
      {modelMissing && (
        <div role="alert" className="mb-5 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>
            This tool writes new text, so it needs a language model, and none is configured on this server. Ask the administrator to set{' '}
            <code>LLM_BASE_URL</code> and <code>LLM_MODEL</code> (OpenAI, Ollama, llama.cpp or vLLM).
          </p>
        </div>
      )}

      <ToolInputPanel
        id="writing-input"
        label="Your text"
        value={text}
        onChange={setText}
        placeholder="Paste or type your text…"
        words={words}
        limit={limit}
        align="end"
        actions={
          <>
            {cfg.options.map((o) => (
              <div key={o.name} className="grid gap-1">
                <label htmlFor={`opt-${o.name}`} className="text-xs font-medium text-muted-foreground">
                  {o.label}
                </label>
                <select
                  id={`opt-${o.name}`}
                  value={options[o.name]}
                  onChange={(e) => setOptions((s) => ({ ...s, [o.name]: e.target.value }))}
                  className="h-10 rounded-lg border border-input bg-background px-3 text-sm"
                >
                  {o.values.map((v) => (
                    <option key={v} value={v}>
                      {capitalise(v)}
                    </option>
                  ))}
                </select>
              </div>
            ))}
            <Button onClick={run} disabled={words === 0 || over || busy || limitReached || modelMissing}>
              <BusyLabel busy={busy} label={cfg.busy}>
                {cfg.action}
              </BusyLabel>
            </Button>
          </>
        }
      />

      <div className="mt-4 space-y-3">
        <WordLimitWarning words={words} limit={limit} anonymous={!user} />
        {limitReached && <LimitBanner anonymous={!user}>{LIMIT_MESSAGES[cfg.allowance].message}</LimitBanner>}
      </div>

      {streamed !== null && <StreamingPanel label={cfg.busy} text={streamed} testId="writing-streaming" />}

      {result && streamed === null && (
        <section
          ref={resultRef}
          aria-labelledby="writing-output-title"
          className="mt-6 rounded-2xl border bg-card p-4 shadow-sm sm:p-5"
          data-testid="writing-result"
        >
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="writing-output-title" className="text-lg font-semibold">
              {cfg.outputLabel}
            </h2>
            <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 text-xs text-muted-foreground" data-testid="engine-label">
              <Cpu className="size-3" aria-hidden /> {engine === 'offline' ? 'offline' : engine}
            </span>
            <span className="text-xs text-muted-foreground">
              {result.response.wordsBefore} → {result.response.wordsAfter} words
            </span>
            {result.response.detector && <DetectorReadingChip reading={result.response.detector} />}
            {cfg.diff && (
              <div role="group" aria-label="View" className="ml-auto inline-flex rounded-lg bg-muted p-0.5 text-sm">
                {(['output', 'diff'] as const).map((v) => (
                  <button
                    key={v}
                    type="button"
                    aria-pressed={view === v}
                    onClick={() => setView(v)}
                    className={cn('rounded-md px-3 py-1', view === v ? 'bg-background shadow-sm' : 'text-muted-foreground')}
                  >
                    {v === 'output' ? (
                      'Result'
                    ) : (
                      <span className="inline-flex items-center gap-1">
                        <GitCompare className="size-3.5" aria-hidden /> Changes
                      </span>
                    )}
                  </button>
                ))}
              </div>
            )}
          </div>
          {result.response.notice && <p className="mt-2 text-xs text-amber-700">{result.response.notice}</p>}
          {result.response.grammarChecked === false && (
            <p className="mt-2 text-xs text-muted-foreground" data-testid="grammar-note">
              The grammar check was unavailable or too slow, so this text was not grammar-checked.
            </p>
          )}
          {result.response.grammarChecked === true && (result.response.revertedSentences ?? 0) > 0 && (
            <p className="mt-2 text-xs text-muted-foreground" data-testid="grammar-note">
              Grammar-checked: {result.response.revertedSentences} {result.response.revertedSentences === 1 ? 'sentence was' : 'sentences were'} kept as
              written, because the rewrite added a grammar issue.
            </p>
          )}
          <div className="mt-3 rounded-xl border bg-background p-4">
            {view === 'diff' ? (
              <DiffView before={result.input} after={result.response.output} />
            ) : (
              <p className="whitespace-pre-wrap break-words text-[15px] leading-7" data-testid="writing-output">
                {result.response.output}
              </p>
            )}
          </div>
          <div className="mt-3">
            <Button variant="outline" size="sm" onClick={() => copyText(result.response.output)}>
              <Copy /> Copy
            </Button>
          </div>
        </section>
      )}
    </ToolPageShell>
  );
}
