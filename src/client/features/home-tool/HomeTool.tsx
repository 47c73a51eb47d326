import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { CheckCircle2, Copy, FileSearch, ScanSearch, Wand2 } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { BusyLabel } from '@/client/components/ui/spinner';
import { toast } from '@/client/hooks/use-toast';
import { ApiError, errorCode, INVALID_REPLY, messageOf } from '@/client/lib/api';
import { cn } from '@/client/lib/utils';
import { LIMIT_MESSAGES } from '@/shared/limits';
import { percent } from '@/shared/format';
import { copyText, DetectorResult } from '../detector/DetectorResult';
import { useDetection } from '../detector/useDetection';
import { LimitBanner, useWordLimit, WordLimitWarning } from '../shared/limits';
import { ToolInputPanel } from '../shared/ToolInputPanel';
import { checkPlagiarismText } from '../plagiarism/api';
import { humanizeText } from '../writing/api';
import { ResultDialog } from './ResultDialog';
import { revealResult } from '@/client/lib/reveal';

type Tab = 'detect' | 'humanize' | 'plagiarism';
const TABS: { id: Tab; label: string; icon: typeof ScanSearch }[] = [
  { id: 'detect', label: 'AI Detection', icon: ScanSearch },
  { id: 'humanize', label: 'Text Humanizer', icon: Wand2 },
  { id: 'plagiarism', label: 'Plagiarism Check', icon: FileSearch },
];
const STYLES = ['casual', 'professional', 'academic', 'creative'] as const;

/** The server's message, except for a missing endpoint, whose route text means nothing to a visitor. */
function failureMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status === 404) return fallback;
  return messageOf(err, fallback);
}

/** Home page tool with the detect, humanize and plagiarism tabs. */
export function HomeTool() {
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('detect');
  const [text, setText] = useState('');
  const [style, setStyle] = useState<(typeof STYLES)[number]>('casual');
  const [humanized, setHumanized] = useState<string | null>(null);
  const [humanizing, setHumanizing] = useState(false);
  const [humanizeLimit, setHumanizeLimit] = useState(false);
  const [checking, setChecking] = useState(false);
  const detection = useDetection();
  const resultRef = useRef<HTMLDivElement>(null);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ detect: null, humanize: null, plagiarism: null });

  const { user, limit, words, over } = useWordLimit(text);
  const empty = words === 0;

  function scrollToResult() {
    revealResult(resultRef);
  }

  async function detect(source = text, rerun = false) {
    const done = await detection.run({ text: source }, { rerun });
    if (done) scrollToResult();
  }

  async function humanize() {
    if (humanizing) return;
    setHumanizing(true);
    try {
      setHumanized(await humanizeText(text, style));
      scrollToResult();
    } catch (err) {
      const code = errorCode(err);
      if (code === 'limit_reached') {
        setHumanizeLimit(true);
        toast({ title: LIMIT_MESSAGES.humanize.title, description: LIMIT_MESSAGES.humanize.message, variant: 'destructive' });
      } else if (code === INVALID_REPLY) {
        toast({ title: 'Humanization Issue', description: 'Received invalid response from server. Please try again.', variant: 'destructive' });
      } else {
        toast({ title: 'Humanization Failed', description: failureMessage(err, 'Failed to humanize text. Please try again.'), variant: 'destructive' });
      }
    } finally {
      setHumanizing(false);
    }
  }

  async function checkPlagiarism() {
    if (checking) return;
    setChecking(true);
    try {
      const body = await checkPlagiarismText(text);
      const n = body.items.length;
      toast({
        title: n > 0 ? 'Plagiarism Check Complete' : 'Plagiarism Check Result',
        description: `Found ${n} similar sources.${body.fallback ? ' Checked against the local library only.' : ''}`,
      });
      if (n > 0) navigate('/tools/plagiarism-checker', { state: { text, result: body } });
      else setTab('humanize');
    } catch (err) {
      toast({
        title: 'Plagiarism Check Failed',
        description: failureMessage(err, 'Failed to check for plagiarism. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setChecking(false);
    }
  }

  function checkDetectionNow() {
    if (!humanized) return;
    const next = humanized;
    setText(next);
    setTab('detect');
    setTimeout(() => void detect(next, true), 300);
  }

  function onTabKey(e: React.KeyboardEvent) {
    const i = TABS.findIndex((t) => t.id === tab);
    const j = e.key === 'ArrowRight' ? (i + 1) % TABS.length : e.key === 'ArrowLeft' ? (i + TABS.length - 1) % TABS.length : -1;
    if (j < 0) return;
    e.preventDefault();
    setTab(TABS[j].id);
    tabRefs.current[TABS[j].id]?.focus();
  }

  const busy = detection.busy || humanizing || checking;
  const score = detection.result?.score ?? 0;

  return (
    <div className="rounded-2xl border bg-card p-4 text-left shadow-lg sm:p-6" data-testid="home-tool">
      <div role="tablist" aria-label="Tools" className="grid grid-cols-3 gap-1 rounded-xl bg-muted p-1" onKeyDown={onTabKey}>
        {TABS.map(({ id, label, icon: Icon }) => (
          <button
            key={id}
            ref={(el) => {
              tabRefs.current[id] = el;
            }}
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => setTab(id)}
            className={cn(
              'flex items-center justify-center gap-2 rounded-lg px-2 py-2 text-xs font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm',
              tab === id ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <Icon className="size-4 shrink-0" aria-hidden /> <span className="truncate">{label}</span>
          </button>
        ))}
      </div>

      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="mt-4 space-y-3">
        <ToolInputPanel
          bare
          id="home-tool-text"
          label="Your text"
          labelHidden
          value={text}
          onChange={setText}
          rows={8}
          placeholder={
            tab === 'detect'
              ? 'Paste text to check whether it was written by AI…'
              : tab === 'humanize'
                ? 'Paste AI-generated text to rewrite in a natural voice…'
                : 'Paste text to check against the reference library…'
          }
          words={words}
          limit={limit}
          actions={
            <>
              {tab === 'detect' && (
                <Button onClick={() => detect()} disabled={empty || over || busy || detection.limitReached}>
                  <BusyLabel busy={detection.busy} label="Detecting...">
                    <ScanSearch /> Detect AI Content
                  </BusyLabel>
                </Button>
              )}
              {tab === 'humanize' && (
                <>
                  <label htmlFor="home-style" className="sr-only">
                    Style
                  </label>
                  <select
                    id="home-style"
                    value={style}
                    onChange={(e) => setStyle(e.target.value as (typeof STYLES)[number])}
                    className="h-10 rounded-lg border border-input bg-background px-3 text-sm capitalize"
                  >
                    {STYLES.map((s) => (
                      <option key={s} value={s}>
                        {s[0].toUpperCase() + s.slice(1)}
                      </option>
                    ))}
                  </select>
                  <Button onClick={humanize} disabled={empty || over || busy || humanizeLimit}>
                    <BusyLabel busy={humanizing} label="Humanizing...">
                      <Wand2 /> Humanize Text
                    </BusyLabel>
                  </Button>
                </>
              )}
              {tab === 'plagiarism' && (
                <Button onClick={checkPlagiarism} disabled={empty || over || busy}>
                  <BusyLabel busy={checking} label="Checking...">
                    <FileSearch /> Check Plagiarism
                  </BusyLabel>
                </Button>
              )}
            </>
          }
        />

        <WordLimitWarning words={words} limit={limit} anonymous={!user} />
        {tab === 'detect' && detection.limitReached && !user && <LimitBanner anonymous>{LIMIT_MESSAGES.detect.message}</LimitBanner>}
        {tab === 'humanize' && humanizeLimit && <LimitBanner anonymous={!user}>{LIMIT_MESSAGES.humanize.message}</LimitBanner>}
        {!user && detection.result?.allowance && (
          <p className="text-xs text-muted-foreground">
            {detection.result.allowance.used} of {detection.result.allowance.limit} free detections used this session.
          </p>
        )}
      </div>

      <div ref={resultRef} className="scroll-mt-24">
        {tab === 'detect' && detection.result && (
          <div className="mt-5 space-y-3">
            <p role="status" className="flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
              <CheckCircle2 className="size-4" aria-hidden /> Analysis complete!{' '}
              {score >= 0.5 ? `${percent(score)} AI-generated` : `${percent(1 - score)} Human-written`}
            </p>
            <ResultDialog result={detection.result} />
            <DetectorResult
              result={detection.result}
              text={detection.analysedText}
              actions={
                <Button variant="secondary" size="sm" onClick={() => setTab('humanize')}>
                  <Wand2 /> Humanize This Text
                </Button>
              }
            />
          </div>
        )}
        {tab === 'humanize' && humanized && (
          <section aria-labelledby="humanized-title" className="mt-5 rounded-2xl border bg-background p-4">
            <h3 id="humanized-title" className="text-sm font-semibold">
              Humanized text
            </h3>
            <p className="mt-2 whitespace-pre-wrap text-[15px] leading-7" data-testid="humanized-text">
              {humanized}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => copyText(humanized)}>
                <Copy /> Copy
              </Button>
              <Button size="sm" onClick={checkDetectionNow}>
                <ScanSearch /> Check Detection Now
              </Button>
            </div>
          </section>
        )}
      </div>
    </div>
  );
}
