import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Braces, ChevronRight, Copy, Cpu, Download, FileCode2, FileUp, Sparkles, X } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { BusyLabel } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/hooks/use-toast';
import { messageOf } from '@/client/lib/api';
import { usePageTitle } from '@/client/lib/title';
import { cn } from '@/client/lib/utils';
import {
  CODE_LANGUAGES,
  CODE_MAX_CHARS,
  GENERATE_LANGUAGES,
  languageForFilename,
  SOURCE_EXTENSIONS,
  type CodeExplainResponse,
  type CodeModelResponse,
  type CodeSymbolDto,
} from '@/shared/api/code';
import { copyText } from '../detector/DetectorResult';
import { useWordLimit, WordCounter, WordLimitWarning } from '../shared/limits';
import { ToolPageShell } from '../shared/ToolPageShell';
import { downloadText, explainCode, explainInProse, generateCode, useCapabilities } from './api';
import { ModelNotice } from './ModelNotice';
import { complexityBand, explanationMarkdown, GENERATED_EXTENSIONS, lineRange } from './report';
import { StreamingPanel } from '@/client/features/shared/StreamingPanel';
import { revealResult } from '@/client/lib/reveal';

type Mode = 'explain' | 'prose' | 'generate';
const MODES: { id: Mode; label: string; model: boolean }[] = [
  { id: 'explain', label: 'Explain', model: false },
  { id: 'prose', label: 'Explain in prose', model: true },
  { id: 'generate', label: 'Generate', model: true },
];

const ACCEPT = SOURCE_EXTENSIONS.map((e) => `.${e}`).join(',');
const selectClass = 'h-10 rounded-lg border border-input bg-background px-3 text-sm';

const BAND_STYLE = {
  low: 'bg-emerald-100 text-emerald-800',
  moderate: 'bg-amber-100 text-amber-900',
  high: 'bg-red-100 text-red-800',
} as const;

function ComplexityBadge({ value }: { value: number }) {
  const band = complexityBand(value);
  return (
    <span
      className={cn('rounded-full px-2 py-0.5 text-xs font-medium tabular-nums', BAND_STYLE[band])}
      title={`Cyclomatic complexity ${value} (${band})`}
      data-testid="complexity-badge"
    >
      <span className="sr-only">complexity </span>
      {value}
    </span>
  );
}

function OutlineItem({ s }: { s: CodeSymbolDto }) {
  const row = (
    <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      <span className="rounded bg-muted px-1.5 py-0.5 text-[11px] font-medium uppercase tracking-wide text-muted-foreground">{s.kind}</span>
      <code className="min-w-0 break-all font-mono text-[13px] font-semibold">{s.name}</code>
      {s.params && <code className="min-w-0 break-all font-mono text-[13px] text-muted-foreground">({s.params.join(', ')})</code>}
      <span className="text-xs text-muted-foreground">{lineRange(s)}</span>
      {s.complexity !== null && <ComplexityBadge value={s.complexity} />}
    </span>
  );
  return (
    <li data-testid="outline-item" data-kind={s.kind} data-name={s.name}>
      {s.children.length ? (
        <details open className="group">
          <summary className="flex cursor-pointer list-none items-start gap-1 rounded-md py-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
            <ChevronRight className="mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90" aria-hidden />
            {row}
          </summary>
          <ul className="ml-3 border-l pl-3 sm:ml-4 sm:pl-4">
            {s.children.map((c, i) => (
              <OutlineItem key={`${c.name}-${c.startLine}-${i}`} s={c} />
            ))}
          </ul>
        </details>
      ) : (
        <div className="py-1 pl-5">{row}</div>
      )}
    </li>
  );
}

function Stat({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="rounded-xl border bg-background px-3 py-2">
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="text-lg font-semibold tabular-nums">{value}</p>
    </div>
  );
}

function ExplainResult({ r }: { r: CodeExplainResponse }) {
  const report = explanationMarkdown(r);
  const detected = r.detection.method === 'hint' ? 'as chosen' : r.detection.method === 'extension' ? 'from the file name' : 'detected from the content';
  return (
    <section aria-labelledby="code-result-title" className="mt-6 rounded-2xl border bg-card p-4 shadow-sm sm:p-5" data-testid="code-result">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="code-result-title" className="text-lg font-semibold">
          Structure
        </h2>
        <span className="rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-medium text-primary" data-testid="code-language">
          {r.languageName}
        </span>
        <span className="text-xs text-muted-foreground">{detected}</span>
        <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 text-xs text-muted-foreground" data-testid="engine-label">
          <Cpu className="size-3" aria-hidden /> offline · {r.parseMs.toFixed(0)} ms
        </span>
      </div>

      <div className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Stat label="Lines" value={r.lines.total} />
        <Stat label="Code / comment / blank" value={`${r.lines.code} / ${r.lines.comment} / ${r.lines.blank}`} />
        <Stat label="Functions" value={r.complexity.functions} />
        <Stat label="Highest complexity" value={r.complexity.max || '–'} />
      </div>
      {r.syntaxErrors > 0 && (
        <p className="mt-3 text-sm text-amber-800" data-testid="syntax-note">
          The parser could not read {r.syntaxErrors} {r.syntaxErrors === 1 ? 'place' : 'places'}: the outline may be incomplete there. Is the language right?
        </p>
      )}

      <h3 className="mt-6 font-semibold">Walk-through</h3>
      <div className="mt-2 space-y-2 text-[15px] leading-7" data-testid="walkthrough">
        {r.walkthrough.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>

      <h3 className="mt-6 font-semibold">Outline</h3>
      {r.symbols.length ? (
        <ul className="mt-2 text-sm" aria-label="Outline" data-testid="outline">
          {r.symbols.map((s, i) => (
            <OutlineItem key={`${s.name}-${s.startLine}-${i}`} s={s} />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">No named functions, classes or other items.</p>
      )}
      <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        Complexity: <ComplexityBadge value={1} /> up to 5 simple <ComplexityBadge value={8} /> 6–10 moderate <ComplexityBadge value={11} /> above 10 worth
        splitting
      </p>

      {r.imports.length > 0 && (
        <>
          <h3 className="mt-6 font-semibold">Imports</h3>
          <ul className="mt-2 flex flex-wrap gap-2" data-testid="imports">
            {r.imports.map((i, k) => (
              <li key={k} className="rounded-md border bg-background px-2 py-1 font-mono text-xs">
                {i.source} <span className="text-muted-foreground">:{i.line}</span>
              </li>
            ))}
          </ul>
        </>
      )}

      <div className="mt-5 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => copyText(report)}>
          <Copy /> Copy
        </Button>
        <Button variant="outline" size="sm" onClick={() => downloadText('code-explanation.md', report, 'text/markdown;charset=utf-8')}>
          <Download /> Download
        </Button>
      </div>
    </section>
  );
}

function ModelResult({ title, r, file, mono }: { title: string; r: CodeModelResponse; file: string; mono: boolean }) {
  return (
    <section aria-labelledby="code-model-title" className="mt-6 rounded-2xl border bg-card p-4 shadow-sm sm:p-5" data-testid="code-model-result">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="code-model-title" className="text-lg font-semibold">
          {title}
        </h2>
        {r.language && <span className="rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-medium text-primary">{r.language}</span>}
        <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 text-xs text-muted-foreground" data-testid="engine-label">
          <Cpu className="size-3" aria-hidden /> {r.engine}
        </span>
      </div>
      {mono ? (
        <pre
          className="mt-3 max-h-[32rem] overflow-auto rounded-xl border bg-slate-950 p-4 font-mono text-[13px] leading-6 text-slate-100"
          data-testid="code-model-output"
        >
          <code>{r.output}</code>
        </pre>
      ) : (
        <div className="mt-3 whitespace-pre-wrap break-words rounded-xl border bg-background p-4 text-[15px] leading-7" data-testid="code-model-output">
          {r.output}
        </div>
      )}
      <p className="mt-2 text-xs text-muted-foreground">Written by a language model: review it before you rely on it.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => copyText(r.output)}>
          <Copy /> Copy
        </Button>
        <Button variant="outline" size="sm" onClick={() => downloadText(file, r.output)}>
          <Download /> Download
        </Button>
      </div>
    </section>
  );
}

/** /tools/code-generator: the offline structural explainer, and with a language model, prose explanations and generation. */
export default function CodePage() {
  usePageTitle('Code Generator');
  const caps = useCapabilities();
  const [mode, setMode] = useState<Mode>('explain');
  const [code, setCode] = useState('');
  const [language, setLanguage] = useState('auto');
  const [filename, setFilename] = useState<string | undefined>(undefined);
  const [description, setDescription] = useState('');
  const [target, setTarget] = useState<string>('Python');
  const [busy, setBusy] = useState(false);
  const [explained, setExplained] = useState<CodeExplainResponse | null>(null);
  const [prose, setProse] = useState<CodeModelResponse | null>(null);
  const [generated, setGenerated] = useState<CodeModelResponse | null>(null);
  const [streamed, setStreamed] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const resultRef = useRef<HTMLDivElement>(null);

  const input = mode === 'generate' ? description : code;
  const { user, limit, words, over } = useWordLimit(input);
  const needsModel = MODES.find((m) => m.id === mode)!.model;
  const modelMissing = needsModel && caps.data?.llm.configured === false;
  const tooLong = mode !== 'generate' && code.length > CODE_MAX_CHARS;

  useEffect(() => setError(null), [mode]);

  async function run() {
    if (busy || words === 0 || over || modelMissing || tooLong) return;
    setBusy(true);
    setError(null);
    try {
      if (mode === 'explain') {
        setExplained(await explainCode({ text: code, language, filename }));
      } else {
        setStreamed('');
        const onDelta = (d: string) => setStreamed((s) => (s ?? '') + d);
        if (mode === 'prose') setProse(await explainInProse({ text: code, language, filename }, onDelta));
        else setGenerated(await generateCode({ text: description, language: target }, onDelta));
      }
      revealResult(resultRef);
    } catch (err) {
      const message = messageOf(err, 'Something went wrong. Please try again.');
      setError(message);
      toast({ title: mode === 'generate' ? 'Generation Failed' : 'Explanation Failed', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
      setStreamed(null);
    }
  }

  async function onFile(file: File) {
    if (file.size > CODE_MAX_CHARS * 4) {
      toast({ title: 'File too large', description: 'Source files up to 100,000 characters can be explained.', variant: 'destructive' });
      return;
    }
    const text = await file.text();
    if (text.includes('\0')) {
      toast({ title: 'Not a text file', description: `${file.name} looks binary: upload a source file.`, variant: 'destructive' });
      return;
    }
    setCode(text);
    setFilename(file.name);
    // the extension names the language; an unknown one (a shell script) leaves detection to the content
    setLanguage(languageForFilename(file.name) ?? 'auto');
    setExplained(null);
  }

  const onTabKey = (e: KeyboardEvent, i: number) => {
    const next = e.key === 'ArrowRight' ? (i + 1) % MODES.length : e.key === 'ArrowLeft' ? (i + MODES.length - 1) % MODES.length : -1;
    if (next < 0) return;
    e.preventDefault();
    setMode(MODES[next].id);
    tabs.current[next]?.focus();
  };
  const onEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void run();
    }
  };

  const action = mode === 'explain' ? 'Explain code' : mode === 'prose' ? 'Explain in prose' : 'Generate code';
  const busyLabel = mode === 'generate' ? 'Generating...' : 'Explaining...';

  return (
    <ToolPageShell
      title="Code Generator"
      wide
      lead="Explain code: its outline, complexity and a walk-through of its structure, worked out on this server in 17 languages. With a language model, also explain it in prose or generate code from a description."
    >
      <div role="tablist" aria-label="Mode" className="mb-4 inline-flex max-w-full flex-wrap gap-1 rounded-xl bg-muted p-1 text-sm">
        {MODES.map((m, i) => (
          <button
            key={m.id}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`code-tab-${m.id}`}
            aria-selected={mode === m.id}
            aria-controls="code-panel"
            tabIndex={mode === m.id ? 0 : -1}
            onClick={() => setMode(m.id)}
            onKeyDown={(e) => onTabKey(e, i)}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              mode === m.id ? 'bg-background shadow-sm' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {m.id === 'explain' ? (
              <Braces className="size-4" aria-hidden />
            ) : m.id === 'prose' ? (
              <FileCode2 className="size-4" aria-hidden />
            ) : (
              <Sparkles className="size-4" aria-hidden />
            )}
            {m.label}
          </button>
        ))}
      </div>

      <div role="tabpanel" id="code-panel" aria-labelledby={`code-tab-${mode}`}>
        {modelMissing && (
          <ModelNotice what={mode === 'prose' ? 'Explaining code in prose' : 'Generating code'}>The offline Explain tab works without one.</ModelNotice>
        )}

        <div className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
          {mode === 'generate' ? (
            <>
              <label htmlFor="code-description" className="mb-2 block text-sm font-medium">
                Describe the code you need
              </label>
              <Textarea
                id="code-description"
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                onKeyDown={onEnter}
                rows={6}
                size="tool"
                placeholder="e.g. A function that reads a CSV file and returns the average of the 'price' column, skipping empty rows."
              />
            </>
          ) : (
            <>
              <label htmlFor="code-input" className="mb-2 block text-sm font-medium">
                Your code
              </label>
              <Textarea
                id="code-input"
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  if (!e.target.value) setFilename(undefined);
                }}
                onKeyDown={onEnter}
                rows={14}
                spellCheck={false}
                autoCapitalize="off"
                autoCorrect="off"
                wrap="off"
                placeholder="Paste code, or upload a source file…"
                className="font-mono text-[13px] leading-6"
                size="tool"
              />
              {filename && (
                <p className="mt-2 text-xs text-muted-foreground" data-testid="code-filename">
                  From {filename}
                </p>
              )}
            </>
          )}

          <div className="mt-3 flex flex-wrap items-end gap-3">
            {mode === 'generate' ? (
              <div className="grid gap-1">
                <label htmlFor="code-target" className="text-xs font-medium text-muted-foreground">
                  Language
                </label>
                <select id="code-target" value={target} onChange={(e) => setTarget(e.target.value)} className={selectClass}>
                  {GENERATE_LANGUAGES.map((l) => (
                    <option key={l} value={l}>
                      {l}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <div className="grid gap-1">
                <label htmlFor="code-language" className="text-xs font-medium text-muted-foreground">
                  Language
                </label>
                <select id="code-language" value={language} onChange={(e) => setLanguage(e.target.value)} className={selectClass}>
                  <option value="auto">Auto-detect</option>
                  {CODE_LANGUAGES.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <Button onClick={run} disabled={words === 0 || over || busy || modelMissing || tooLong || (caps.isLoading && needsModel)}>
              <BusyLabel busy={busy} label={busyLabel}>
                {action}
              </BusyLabel>
            </Button>
            {mode !== 'generate' && (
              <>
                <Button variant="outline" onClick={() => fileInput.current?.click()}>
                  <FileUp /> Upload file
                </Button>
                <input
                  ref={fileInput}
                  type="file"
                  accept={ACCEPT}
                  className="sr-only"
                  aria-label="Upload a source file"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (file) void onFile(file);
                  }}
                />
              </>
            )}
            {input && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  if (mode === 'generate') setDescription('');
                  else {
                    setCode('');
                    setFilename(undefined);
                  }
                }}
              >
                <X /> Clear
              </Button>
            )}
            <WordCounter words={words} limit={limit} />
          </div>
          <p className="mt-2 text-xs text-muted-foreground">
            {mode === 'generate'
              ? 'Ctrl+Enter runs. The model writes the code; review it before you use it.'
              : `Ctrl+Enter runs. Source files (${['.js', '.ts', '.py', '.java', '.go', '.rs', '.c', '.cpp', '.cs', '.rb', '.php', '.sh'].join(' ')} and more) are read in your browser as text.`}
          </p>
        </div>
      </div>

      <div className="mt-4 space-y-3">
        <WordLimitWarning words={words} limit={limit} anonymous={!user} />
        {tooLong && <p className="text-sm text-red-700">This code is longer than 100,000 characters: explain a part of it.</p>}
        {error && (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="code-error">
            {error}
          </p>
        )}
      </div>

      <div ref={resultRef}>
        {streamed !== null && (
          <StreamingPanel
            label={busyLabel}
            text={streamed}
            testId="code-streaming"
            className={cn('text-[14px] leading-6', mode === 'generate' ? 'font-mono' : 'font-sans')}
          />
        )}
        {streamed === null && mode === 'explain' && explained && <ExplainResult r={explained} />}
        {streamed === null && mode === 'prose' && prose && <ModelResult title="Explanation" r={prose} file="code-explanation.md" mono={false} />}
        {streamed === null && mode === 'generate' && generated && (
          <ModelResult title="Generated code" r={generated} file={`generated.${GENERATED_EXTENSIONS[generated.language ?? ''] ?? 'txt'}`} mono />
        )}
        {streamed === null && !busy && !error && mode === 'explain' && !explained && (
          <p className="mt-6 text-center text-sm text-muted-foreground" data-testid="code-empty">
            Paste code or upload a file, then choose <strong>Explain code</strong>. Nothing leaves this server, and no model is used.
          </p>
        )}
      </div>
    </ToolPageShell>
  );
}
