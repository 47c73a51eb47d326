import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { BookOpen, Columns2, FileSearch, ShieldCheck } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { BusyLabel } from '@/client/components/ui/spinner';
import { toast } from '@/client/hooks/use-toast';
import { ApiError, messageOf } from '@/client/lib/api';
import { usePageTitle } from '@/client/lib/title';
import type { PlagiarismResponse } from '@/shared/api/plagiarism';
import { useSaveUserSettings, useUserSettings } from '../account/api';
import { useWordLimit, WordLimitWarning } from '../shared/limits';
import { ToolInputPanel } from '../shared/ToolInputPanel';
import { ToolNotes, ToolPageShell, type ToolNote } from '../shared/ToolPageShell';
import { Report } from './Report';
import { SaveReportButton } from '../history/SaveReportButton';
import { checkPlagiarismFile, checkPlagiarismText, isPlagiarismResponse, usePlagiarismStatus, useRefreshPlagiarismStatus } from './api';
import { revealResult } from '@/client/lib/reveal';

const FAILED = 'Failed to check for plagiarism. Please try again.';

// Printing shows the report only: the site chrome, the input form and the buttons are hidden.
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #plagiarism-report, #plagiarism-report * { visibility: visible !important; }
  #plagiarism-report { position: absolute; inset: 0 auto auto 0; width: 100%; }
  #plagiarism-report [data-print-hide] { display: none !important; }
  #plagiarism-report .print-break { break-inside: avoid; }
}`;

interface Checked {
  result: PlagiarismResponse;
  /** the text the offsets refer to */
  text: string;
}

function fromRouterState(state: unknown): Checked | null {
  const s = state as { text?: unknown; result?: unknown } | null;
  if (s && typeof s.text === 'string' && isPlagiarismResponse(s.result)) return { text: s.text, result: s.result };
  return null;
}

/** The notes beside the tool; the first says what a check compares against on this server. */
const notes = (webSearch: string[] | undefined): ToolNote[] => [
  {
    icon: BookOpen,
    title: webSearch?.length ? 'The library and the web' : 'A managed library',
    text: webSearch?.length
      ? `Your text is compared with the documents on this server (a public-domain starter library and what the staff add) and with web pages that ${webSearch.join(' and ')} finds for its most distinctive passages.`
      : 'Your text is compared with the documents on this server: a public-domain starter library and what the staff add. This server does not search the web.',
  },
  {
    icon: Columns2,
    title: 'Passages, not guesses',
    text: 'Every match is a passage of at least ten words found in a source, tolerant of case, punctuation and light edits. Compare each one side by side.',
  },
  {
    icon: ShieldCheck,
    title: 'Your text stays yours',
    text: 'Checked texts are not added to the library, unless you are signed in and choose to share your submissions.',
  },
];

/** /tools/plagiarism-checker */
export default function PlagiarismPage(_props: { slug: string }) {
  usePageTitle('Plagiarism Checker');
  const location = useLocation();
  const initial = useMemo(() => fromRouterState(location.state), [location.state]);
  const [text, setText] = useState(initial?.text ?? '');
  const [checked, setChecked] = useState<Checked | null>(initial);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const reportRef = useRef<HTMLDivElement>(null);
  const status = usePlagiarismStatus();
  const refreshStatus = useRefreshPlagiarismStatus();

  const { user, limit, words, over } = useWordLimit(text);
  const canRun = words > 0 && !over && !busy;

  useEffect(() => {
    if (!checked || checked === initial) return;
    const t = revealResult(reportRef);
    return () => clearTimeout(t);
  }, [checked, initial]);

  async function run(input: { text: string } | { file: File }) {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      const result = 'file' in input ? await checkPlagiarismFile(input.file) : await checkPlagiarismText(input.text);
      const analysed = result.text ?? ('text' in input ? input.text : '');
      if ('file' in input) setText(analysed);
      setChecked({ result, text: analysed });
      if (user) refreshStatus(); // a shared submission grows the library
    } catch (err) {
      toast({
        title: 'Plagiarism Check Failed',
        description: err instanceof ApiError && err.status === 404 ? FAILED : messageOf(err, FAILED),
        variant: 'destructive',
      });
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return (
    <ToolPageShell
      wide
      title="Plagiarism Checker"
      lead={`Find passages of your text that match documents in this server's reference library${status.data?.webSearch.length ? ' or pages on the web' : ''}, with each source and a side-by-side comparison.`}
    >
      <style>{PRINT_CSS}</style>

      <div className="space-y-5">
        <ToolInputPanel
          id="plagiarism-text"
          label="Text to check"
          value={text}
          onChange={setText}
          rows={10}
          placeholder="Paste an essay, article or any text to compare against the reference library…"
          words={words}
          limit={limit}
          actions={
            <Button onClick={() => run({ text })} disabled={!canRun}>
              <BusyLabel busy={busy} label="Checking...">
                <FileSearch /> Check for plagiarism
              </BusyLabel>
            </Button>
          }
          upload={{
            onFile: (file) => void run({ file }),
            disabled: busy,
            note: status.data
              ? ` The library holds ${status.data.documents.toLocaleString('en-US')} documents${status.data.webSearch.length ? `; the web is searched too (${status.data.webSearch.join(', ')})` : ''}.`
              : '',
          }}
          onClear={() => (setText(''), setChecked(null))}
        />

        {user && <ShareSubmissions />}

        <WordLimitWarning words={words} limit={limit} anonymous={!user} />

        {checked && (
          <Report
            ref={reportRef}
            result={checked.result}
            text={checked.text}
            actions={<SaveReportButton source={{ tool: 'plagiarism_checker', input: checked.text, result: checked.result }} />}
          />
        )}
      </div>

      <ToolNotes label="How the check works" notes={notes(status.data?.webSearch)} />
    </ToolPageShell>
  );
}

/** The signed-in user's opt-in to the institutional-repository model (GET/PUT /api/user/settings). */
function ShareSubmissions() {
  const settings = useUserSettings();
  const save = useSaveUserSettings();
  const choose = (shareSubmissions: boolean) =>
    save.mutate(
      { shareSubmissions },
      { onError: (err) => toast({ title: 'Could not save your choice', description: messageOf(err, 'Please try again.'), variant: 'destructive' }) },
    );
  const checked = save.isPending ? (save.variables?.shareSubmissions ?? false) : (settings.data?.shareSubmissions ?? false);
  return (
    <div className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5" data-testid="share-submissions">
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-4 accent-primary"
          checked={checked}
          disabled={settings.isPending || settings.isError || save.isPending}
          onChange={(e) => choose(e.target.checked)}
        />
        <span>
          <span className="block text-sm font-medium">Share my submissions with the reference library</span>
          <span className="mt-1 block text-sm text-muted-foreground">
            When this is on, every text you check is added to this server's reference library after the check (it never matches itself), shown to others as
            &ldquo;Shared submission&rdquo; with its date, never with your name. Later checks, by you and by other users, can then find passages copied from it,
            as in a school's or university's repository. The same text is stored only once. It is off unless you turn it on; turning it off also removes the
            texts you already shared.
          </span>
          {settings.isError && <span className="mt-1 block text-sm text-red-600">Your setting could not be loaded.</span>}
        </span>
      </label>
    </div>
  );
}
