import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Check, CheckCheck, Copy, Cpu, EyeOff } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { BusyLabel } from '@/client/components/ui/spinner';
import { toast } from '@/client/hooks/use-toast';
import { messageOf } from '@/client/lib/api';
import { usePageTitle } from '@/client/lib/title';
import { cn } from '@/client/lib/utils';
import type { GrammarIssueDto, GrammarIssueKind } from '@/shared/api/grammar';
import { copyText } from '../detector/DetectorResult';
import { useWordLimit, WordLimitWarning } from '../shared/limits';
import { ToolInputPanel } from '../shared/ToolInputPanel';
import { ToolPageShell } from '../shared/ToolPageShell';
import { checkGrammar } from './api';
import { focusByScript } from '@/client/lib/focus';
import { revealResult } from '@/client/lib/reveal';

/** An issue on the page; `id` stays stable while accepted fixes shift the offsets of the others. */
type Issue = GrammarIssueDto & { id: number };

const KIND_STYLE: Record<GrammarIssueKind, { label: string; underline: string; badge: string }> = {
  spelling: { label: 'Spelling', underline: 'decoration-red-500', badge: 'bg-red-100 text-red-800' },
  grammar: { label: 'Grammar', underline: 'decoration-amber-500', badge: 'bg-amber-100 text-amber-900' },
  article: { label: 'A / an', underline: 'decoration-amber-500', badge: 'bg-amber-100 text-amber-900' },
  repetition: { label: 'Repeated word', underline: 'decoration-violet-500', badge: 'bg-violet-100 text-violet-800' },
  punctuation: { label: 'Punctuation', underline: 'decoration-sky-500', badge: 'bg-sky-100 text-sky-800' },
  capitalization: { label: 'Capitalization', underline: 'decoration-sky-500', badge: 'bg-sky-100 text-sky-800' },
  'word-choice': { label: 'Word choice', underline: 'decoration-teal-500', badge: 'bg-teal-100 text-teal-800' },
  style: { label: 'Style', underline: 'decoration-slate-400', badge: 'bg-slate-100 text-slate-700' },
};

const kindStyle = (k: GrammarIssueKind) => KIND_STYLE[k] ?? KIND_STYLE.style;
const shown = (s: string) => (s === '' ? '(remove)' : s);

/** Replace an issue's span with `replacement`, shifting the offsets of the issues after it. */
export function acceptIssue(text: string, issues: Issue[], id: number, replacement: string): { text: string; issues: Issue[] } {
  const target = issues.find((i) => i.id === id);
  if (!target) return { text, issues };
  const delta = replacement.length - (target.end - target.start);
  return {
    text: text.slice(0, target.start) + replacement + text.slice(target.end),
    issues: issues.filter((i) => i.id !== id).map((i) => (i.start >= target.end ? { ...i, start: i.start + delta, end: i.end + delta } : i)),
  };
}

function InlineText({ text, issues, activeId, onSelect }: { text: string; issues: Issue[]; activeId: number | null; onSelect: (id: number) => void }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const i of [...issues].sort((a, b) => a.start - b.start)) {
    if (i.start < at) continue;
    if (i.start > at) parts.push(<span key={`t${at}`}>{text.slice(at, i.start)}</span>);
    const flagged = text.slice(i.start, i.end);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        onSelect(i.id);
      }
    };
    parts.push(
      <span
        key={`i${i.id}`}
        role="button"
        tabIndex={0}
        aria-label={`${kindStyle(i.kind).label}: ${flagged.trim() || 'space'}. ${i.message}`}
        data-testid="inline-issue"
        data-kind={i.kind}
        onClick={() => onSelect(i.id)}
        onFocus={() => onSelect(i.id)}
        onKeyDown={onKey}
        className={cn(
          'cursor-pointer rounded-sm underline decoration-2 underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring',
          kindStyle(i.kind).underline,
          /^\s*$/.test(flagged) && 'decoration-wavy',
          activeId === i.id && 'bg-yellow-100',
        )}
      >
        {flagged || '\u00a0'}
      </span>,
    );
    at = i.end;
  }
  if (at < text.length) parts.push(<span key={`t${at}`}>{text.slice(at)}</span>);
  return (
    <p className="whitespace-pre-wrap break-words text-[15px] leading-8" data-testid="grammar-text">
      {parts}
    </p>
  );
}

/** Grammar Fixer: check a text offline (harper.js + retext), then accept or ignore each issue inline. */
export default function GrammarPage(_: { slug: string }) {
  usePageTitle('Grammar Fixer');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [doc, setDoc] = useState<{ text: string; issues: Issue[]; engine: string } | null>(null);
  const [activeId, setActiveId] = useState<number | null>(null);
  const resultRef = useRef<HTMLElement>(null);
  const { user, limit, words, over } = useWordLimit(text);

  // Where focus goes once an accepted or ignored issue's buttons are gone (a number: that issue; 'done': the heading)
  const [focusNext, setFocusNext] = useState<number | 'done' | null>(null);

  useEffect(() => {
    if (activeId === null) return;
    document.getElementById(`grammar-issue-${activeId}`)?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [activeId]);

  useEffect(() => {
    if (focusNext === null) return;
    setFocusNext(null);
    const target =
      focusNext === 'done' ? document.getElementById('grammar-result-title') : document.querySelector<HTMLElement>(`#grammar-issue-${focusNext} button`);
    if (target) focusByScript(target);
  }, [focusNext]);

  /**
   * The pressed button disappears with its issue, which would drop focus to the page's start: it moves on to the issue
   * that followed (else the one before), and when none is left to the heading that says so.
   */
  function moveFocusOn(id: number, left: Issue[]) {
    if (!doc || !document.getElementById(`grammar-issue-${id}`)?.contains(document.activeElement)) return;
    const order = new Map(doc.issues.map((i, n) => [i.id, n]));
    const at = order.get(id) ?? 0;
    const next = left.find((i) => (order.get(i.id) ?? -1) > at) ?? left[left.length - 1];
    setFocusNext(next ? next.id : 'done');
  }

  async function check() {
    if (busy) return;
    setBusy(true);
    try {
      const r = await checkGrammar(text);
      setDoc({ text, issues: r.issues.map((i, id) => ({ ...i, id })), engine: r.engine });
      setActiveId(null);
      revealResult(resultRef);
    } catch (err) {
      toast({ title: 'Grammar Check Failed', description: messageOf(err, 'Failed to check grammar. Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  function accept(id: number, replacement: string) {
    if (!doc) return;
    const next = acceptIssue(doc.text, doc.issues, id, replacement);
    moveFocusOn(id, next.issues);
    setDoc({ ...doc, ...next });
    setText(next.text);
  }

  function ignore(id: number) {
    if (!doc) return;
    const left = doc.issues.filter((i) => i.id !== id);
    moveFocusOn(id, left);
    setDoc({ ...doc, issues: left });
  }

  function acceptAll() {
    if (!doc) return;
    let cur = { text: doc.text, issues: doc.issues };
    // from the end, so earlier offsets stay valid; issues without a suggestion stay listed
    for (const i of [...doc.issues].sort((a, b) => b.start - a.start))
      if (i.suggestions.length) cur = acceptIssue(cur.text, cur.issues, i.id, i.suggestions[0]);
    setDoc({ ...doc, ...cur });
    setText(cur.text);
  }

  const fixable = doc?.issues.filter((i) => i.suggestions.length > 0).length ?? 0;
  return (
    <ToolPageShell title="Grammar Fixer" lead="Find grammar, spelling, repeated-word and a/an mistakes, then accept or ignore each fix.">
      <ToolInputPanel
        id="grammar-input"
        label="Your text"
        value={text}
        onChange={setText}
        placeholder="Paste or type your text…"
        words={words}
        limit={limit}
        actions={
          <Button onClick={check} disabled={words === 0 || over || busy}>
            <BusyLabel busy={busy} label="Checking...">
              Check grammar
            </BusyLabel>
          </Button>
        }
      />

      {over && (
        <div className="mt-4">
          <WordLimitWarning words={words} limit={limit} anonymous={!user} />
        </div>
      )}

      {doc && (
        <section
          ref={resultRef}
          aria-labelledby="grammar-result-title"
          className="mt-6 grid items-start gap-4 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
          data-testid="grammar-result"
        >
          <div className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5 md:sticky md:top-20">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="grammar-result-title" className="text-lg font-semibold">
                {doc.issues.length === 0 ? 'No issues left' : `${doc.issues.length} ${doc.issues.length === 1 ? 'issue' : 'issues'}`}
              </h2>
              <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 text-xs text-muted-foreground" data-testid="engine-label">
                <Cpu className="size-3" aria-hidden /> {doc.engine === 'offline' ? 'offline' : doc.engine}
              </span>
            </div>
            <div className="mt-3 rounded-xl border bg-background p-4">
              <InlineText text={doc.text} issues={doc.issues} activeId={activeId} onSelect={setActiveId} />
            </div>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button size="sm" onClick={acceptAll} disabled={fixable === 0}>
                <CheckCheck /> Accept all
              </Button>
              <Button variant="outline" size="sm" onClick={() => copyText(doc.text)}>
                <Copy /> Copy text
              </Button>
            </div>
          </div>

          <div className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
            <h2 className="text-lg font-semibold">Suggestions</h2>
            {doc.issues.length === 0 ? (
              <p className="mt-3 text-sm text-muted-foreground">Nothing to fix. Copy the text or edit it and check again.</p>
            ) : (
              <ul className="mt-3 space-y-3" aria-label="Issues">
                {doc.issues.map((i) => {
                  const ks = kindStyle(i.kind);
                  const flagged = doc.text.slice(i.start, i.end);
                  return (
                    <li
                      key={i.id}
                      id={`grammar-issue-${i.id}`}
                      data-testid="grammar-issue"
                      data-kind={i.kind}
                      className={cn('rounded-xl border p-3 text-sm transition-colors', activeId === i.id && 'border-primary bg-accent/40')}
                      onFocus={() => setActiveId(i.id)}
                    >
                      <div className="flex flex-wrap items-center gap-2">
                        <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', ks.badge)}>{ks.label}</span>
                        <span className="font-mono text-xs break-all">“{flagged}”</span>
                      </div>
                      <p className="mt-1.5 text-muted-foreground">{i.message}</p>
                      <div className="mt-2 flex flex-wrap items-center gap-1.5">
                        {i.suggestions.slice(0, 3).map((s, k) =>
                          k === 0 ? (
                            <Button key={k} size="sm" onClick={() => accept(i.id, s)} aria-label={`Accept “${shown(s)}”`}>
                              <Check /> Accept “{shown(s)}”
                            </Button>
                          ) : (
                            <Button key={k} size="sm" variant="outline" onClick={() => accept(i.id, s)} aria-label={`Accept “${shown(s)}”`}>
                              {shown(s)}
                            </Button>
                          ),
                        )}
                        <Button size="sm" variant="ghost" onClick={() => ignore(i.id)} aria-label={`Ignore “${flagged}”`}>
                          <EyeOff /> Ignore
                        </Button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </section>
      )}
    </ToolPageShell>
  );
}
