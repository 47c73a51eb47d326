import { useId, useRef, useState, type FormEvent } from 'react';
import { AlertTriangle, Copy, Cpu, Download, ListTree, PenLine, ScanSearch, Square } from 'lucide-react';
import {
  CITATION_STYLE_LABELS,
  CITATION_STYLES,
  ESSAY_LEVEL_LABELS,
  ESSAY_LEVELS,
  ESSAY_MAX_WORDS,
  ESSAY_MIN_WORDS,
  ESSAY_TYPE_LABELS,
  ESSAY_TYPES,
  type EssayOutline,
} from '@/engines/essay/outline';
import { CITATION_NEEDED } from '@/engines/essay/prompt';
import type { EssayResponse } from '@/shared/api/essay';
import { wholePercent } from '@/shared/format';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { BusyLabel } from '@/client/components/ui/spinner';
import { toast } from '@/client/hooks/use-toast';
import { errorCode, messageOf } from '@/client/lib/api';
import { usePageTitle } from '@/client/lib/title';
import { cn } from '@/client/lib/utils';
import { copyText } from '../detector/DetectorResult';
import { scoreTone, TONE_CLASSES } from '../detector/api';
import { ToolPageShell } from '../shared/ToolPageShell';
import { fetchOutline, useCapabilities, writeEssay, type EssayBrief } from './api';
import { saveText } from '@/client/lib/download';
import { slugify } from './download';
import { ProGateNotice, useToolAccess } from './ProGate';
import { StreamingPanel } from '@/client/features/shared/StreamingPanel';

const SELECT = 'h-10 w-full rounded-lg border border-input bg-background px-3 text-base md:text-sm disabled:opacity-50';
const LABEL = 'text-sm font-medium';
const HINT = 'text-xs text-muted-foreground';

const INITIAL: EssayBrief = { text: '', thesis: '', type: 'argumentative', level: 'undergraduate', words: 1000, citationStyle: 'none', sources: '' };

function OutlineView({ outline }: { outline: EssayOutline }) {
  return (
    <ol className="mt-4 grid gap-4">
      {outline.sections.map((s, i) => (
        <li key={`${s.kind}-${i}`} className="rounded-xl border bg-background p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-semibold">
              {i + 1}. {s.heading}
            </h3>
            {s.words > 0 && <span className="text-xs tabular-nums text-muted-foreground">about {s.words.toLocaleString('en-US')} words</span>}
          </div>
          <p className="mt-1 text-sm text-muted-foreground">{s.role}</p>
          {s.paragraphs.length > 0 && (
            <ol className="mt-3 grid gap-3">
              {s.paragraphs.map((p, j) => (
                <li key={j} className="border-l-2 border-primary/30 pl-3">
                  <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm font-medium">
                    <span>{p.label}</span>
                    <span className="text-xs font-normal tabular-nums text-muted-foreground">~{p.words} words</span>
                  </p>
                  <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-foreground/80">
                    {p.guidance.map((g) => (
                      <li key={g}>{g}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The offline detector's reading of the generated essay, coloured by band. */
function DetectorScoreChip({ reading }: { reading: NonNullable<EssayResponse['detector']> }) {
  const tone = scoreTone(reading.score);
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 text-xs text-muted-foreground"
      data-testid="essay-detector-score"
      title={`AI probability of this essay by the offline detector (${reading.modelVersion})`}
    >
      <ScanSearch className="size-3" aria-hidden /> AI detector{' '}
      <span className={cn('font-semibold tabular-nums', TONE_CLASSES[tone].text)}>{wholePercent(reading.score)}</span>
    </span>
  );
}

/** /tools/essay-writer: the outline offline, the full essay with a language model (streamed), with the detector's score. */
export default function EssayPage() {
  usePageTitle('Essay Writer');
  const ids = useId();
  const caps = useCapabilities();
  const access = useToolAccess('essay_writer');
  const [brief, setBrief] = useState<EssayBrief>(INITIAL);
  const [busy, setBusy] = useState<'outline' | 'essay' | null>(null);
  const [outline, setOutline] = useState<{ outline: EssayOutline; text: string } | null>(null);
  const [essay, setEssay] = useState<EssayResponse | null>(null);
  const [streamed, setStreamed] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const modelMissing = caps.data?.llm.configured === false;
  const locked = !access.loading && !access.allowed;
  const wordsValid = Number.isInteger(brief.words) && brief.words >= ESSAY_MIN_WORDS && brief.words <= ESSAY_MAX_WORDS;
  const ready = brief.text.trim().length >= 3 && wordsValid;
  const set = <K extends keyof EssayBrief>(k: K, v: EssayBrief[K]) => setBrief((b) => ({ ...b, [k]: v }));

  async function runOutline(e?: FormEvent) {
    e?.preventDefault();
    if (busy || !ready || locked) return;
    setBusy('outline');
    setError(null);
    try {
      const r = await fetchOutline(brief);
      setOutline({ outline: r.outline, text: r.outlineText });
    } catch (err) {
      setError(messageOf(err, 'The outline could not be built. Please try again.'));
    } finally {
      setBusy(null);
    }
  }

  async function runEssay() {
    if (busy || !ready || locked || modelMissing) return;
    setBusy('essay');
    setError(null);
    setEssay(null);
    setStreamed('');
    const ac = new AbortController();
    abort.current = ac;
    try {
      setEssay(await writeEssay(brief, (d) => setStreamed((s) => (s ?? '') + d), ac.signal));
    } catch (err) {
      if (ac.signal.aborted) {
        toast({ title: 'Stopped', description: 'The essay was not finished.' });
      } else {
        const msg = messageOf(err, 'The essay could not be written. Please try again.');
        setError(errorCode(err) === 'llm_not_configured' ? 'This server has no language model, so it cannot write essays. The outline still works.' : msg);
      }
    } finally {
      abort.current = null;
      setBusy(null);
      setStreamed(null);
    }
  }

  const fileBase = slugify(brief.text);
  const citationsNeeded = essay ? essay.citationsNeeded : 0;

  return (
    <ToolPageShell
      title="Essay Writer"
      lead="Plan an essay with a structured outline, then draft it with a language model at the level, length and citation style you choose."
    >
      {locked && <ProGateNotice toolId="essay_writer" anonymous={access.anonymous} />}
      {modelMissing && (
        <div role="alert" className="mb-5 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" data-testid="essay-no-model">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>
            Writing the full essay needs a language model, and none is configured on this server, so <strong>Write essay</strong> is off. The{' '}
            <strong>outline</strong> works offline. An administrator can set <code>LLM_BASE_URL</code> and <code>LLM_MODEL</code>.
          </p>
        </div>
      )}

      <form onSubmit={runOutline} className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5" aria-label="Essay brief">
        <fieldset disabled={locked} className="grid gap-4 disabled:opacity-70">
          <div className="grid gap-1.5">
            <label htmlFor={`${ids}-topic`} className={LABEL}>
              Topic
            </label>
            <Input
              id={`${ids}-topic`}
              value={brief.text}
              maxLength={300}
              onChange={(e) => set('text', e.target.value)}
              placeholder="e.g. Should cities ban cars from their centres?"
              autoComplete="off"
            />
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={`${ids}-thesis`} className={LABEL}>
              Thesis <span className="font-normal text-muted-foreground">(optional)</span>
            </label>
            <Textarea
              id={`${ids}-thesis`}
              rows={2}
              maxLength={600}
              value={brief.thesis}
              onChange={(e) => set('thesis', e.target.value)}
              placeholder="Your position in one sentence, e.g. Car-free centres make cities healthier and richer."
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <div className="grid content-start gap-1.5">
              <label htmlFor={`${ids}-type`} className={LABEL}>
                Essay type
              </label>
              <select id={`${ids}-type`} className={SELECT} value={brief.type} onChange={(e) => set('type', e.target.value)}>
                {ESSAY_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {ESSAY_TYPE_LABELS[t]}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid content-start gap-1.5">
              <label htmlFor={`${ids}-level`} className={LABEL}>
                Level
              </label>
              <select id={`${ids}-level`} className={SELECT} value={brief.level} onChange={(e) => set('level', e.target.value)}>
                {ESSAY_LEVELS.map((l) => (
                  <option key={l} value={l}>
                    {ESSAY_LEVEL_LABELS[l]}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid content-start gap-1.5">
              <label htmlFor={`${ids}-words`} className={LABEL}>
                Length (words)
              </label>
              <Input
                id={`${ids}-words`}
                type="number"
                inputMode="numeric"
                min={ESSAY_MIN_WORDS}
                max={ESSAY_MAX_WORDS}
                step={50}
                value={Number.isNaN(brief.words) ? '' : brief.words}
                onChange={(e) => set('words', e.target.valueAsNumber)}
                aria-invalid={!wordsValid}
                aria-describedby={`${ids}-words-hint`}
              />
              <p id={`${ids}-words-hint`} className={cn(HINT, !wordsValid && 'text-destructive')}>
                {ESSAY_MIN_WORDS}–{ESSAY_MAX_WORDS.toLocaleString('en-US')} words
              </p>
            </div>
            <div className="grid content-start gap-1.5">
              <label htmlFor={`${ids}-style`} className={LABEL}>
                Citation style
              </label>
              <select id={`${ids}-style`} className={SELECT} value={brief.citationStyle} onChange={(e) => set('citationStyle', e.target.value)}>
                {CITATION_STYLES.map((c) => (
                  <option key={c} value={c}>
                    {CITATION_STYLE_LABELS[c]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {brief.citationStyle !== 'none' && (
            <div className="grid gap-1.5">
              <label htmlFor={`${ids}-sources`} className={LABEL}>
                Your sources <span className="font-normal text-muted-foreground">(optional, one per line)</span>
              </label>
              <Textarea
                id={`${ids}-sources`}
                rows={3}
                maxLength={6000}
                value={brief.sources}
                onChange={(e) => set('sources', e.target.value)}
                aria-describedby={`${ids}-sources-hint`}
                placeholder="Author, A. (Year). Title. Publisher."
              />
              <p id={`${ids}-sources-hint`} className={HINT}>
                The essay cites only these. Where a claim would need another source, it says {CITATION_NEEDED} instead of inventing one.
              </p>
            </div>
          )}
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            <Button type="submit" variant="outline" disabled={!ready || busy !== null}>
              <BusyLabel busy={busy === 'outline'} label="Building…">
                <ListTree aria-hidden /> Build outline
              </BusyLabel>
            </Button>
            {busy === 'essay' ? (
              <Button type="button" variant="secondary" onClick={() => abort.current?.abort()}>
                <Square aria-hidden /> Stop
              </Button>
            ) : (
              <Button type="button" onClick={runEssay} disabled={!ready || busy !== null || modelMissing || caps.isLoading}>
                <PenLine aria-hidden /> Write essay
              </Button>
            )}
          </div>
        </fieldset>
      </form>

      {error && (
        <div
          role="alert"
          className="mt-4 flex gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-4 text-sm text-destructive"
          data-testid="essay-error"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>{error}</p>
        </div>
      )}

      {streamed !== null && <StreamingPanel label="Writing the essay…" text={streamed} testId="essay-streaming" className="font-serif" />}

      {essay && streamed === null && (
        <section aria-labelledby={`${ids}-essay-title`} className="mt-6 rounded-2xl border bg-card p-4 shadow-sm sm:p-5" data-testid="essay-result">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={`${ids}-essay-title`} className="text-lg font-semibold">
              Essay
            </h2>
            <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 text-xs text-muted-foreground" data-testid="essay-engine">
              <Cpu className="size-3" aria-hidden /> {essay.engine}
            </span>
            <span className="text-xs tabular-nums text-muted-foreground">{essay.words.toLocaleString('en-US')} words</span>
            {essay.detector ? (
              <DetectorScoreChip reading={essay.detector} />
            ) : (
              <span className="text-xs text-muted-foreground">Too short for a detector score</span>
            )}
          </div>
          {essay.detector && (
            <p className="mt-2 text-xs text-muted-foreground">
              This is how the AI detector reads the generated text. Machine-written drafts usually score high: rewrite it in your own words before using it.
            </p>
          )}
          {citationsNeeded > 0 && (
            <p className="mt-2 text-xs text-amber-800" data-testid="essay-citations-needed">
              {citationsNeeded} {citationsNeeded === 1 ? 'claim needs a source' : 'claims need sources'} you did not give: look for {CITATION_NEEDED}.
            </p>
          )}
          <div className="mt-3 rounded-xl border bg-background p-4">
            <p className="whitespace-pre-wrap break-words font-serif text-[15px] leading-7" data-testid="essay-text">
              {essay.essay}
            </p>
          </div>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => copyText(essay.essay)}>
              <Copy aria-hidden /> Copy
            </Button>
            <Button variant="outline" size="sm" onClick={() => saveText(`${fileBase}-essay.txt`, essay.essay)}>
              <Download aria-hidden /> Download .txt
            </Button>
          </div>
        </section>
      )}

      {outline && (
        <section aria-labelledby={`${ids}-outline-title`} className="mt-6 rounded-2xl border bg-card p-4 shadow-sm sm:p-5" data-testid="essay-outline">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={`${ids}-outline-title`} className="text-lg font-semibold">
              Outline
            </h2>
            <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-medium text-sky-900">A plan to write from, not an essay</span>
            <span className="text-xs text-muted-foreground">offline</span>
          </div>
          <p className="mt-2 text-sm text-muted-foreground">
            {ESSAY_TYPE_LABELS[outline.outline.type]} · {ESSAY_LEVEL_LABELS[outline.outline.level]} · about{' '}
            {outline.outline.targetWords.toLocaleString('en-US')} words{outline.outline.thesis ? ` · Thesis: “${outline.outline.thesis}”` : ''}
          </p>
          <OutlineView outline={outline.outline} />
          {outline.outline.notes.length > 0 && (
            <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
              {outline.outline.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
          <div className="mt-4 flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => copyText(outline.text)}>
              <Copy aria-hidden /> Copy outline
            </Button>
            <Button variant="outline" size="sm" onClick={() => saveText(`${fileBase}-outline.txt`, outline.text)}>
              <Download aria-hidden /> Download .txt
            </Button>
          </div>
        </section>
      )}
    </ToolPageShell>
  );
}
