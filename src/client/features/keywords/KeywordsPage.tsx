import { useState, type Ref } from 'react';
import { BarChart3, Copy, Cpu, Download, KeyRound, Layers, ListOrdered, MapPin } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { BusyLabel } from '@/client/components/ui/spinner';
import { usePageTitle } from '@/client/lib/title';
import { cn } from '@/client/lib/utils';
import type { KeywordGroupDto, KeywordResponse, SearchIntent } from '@/shared/api/keywords';
import { copyText } from '../detector/DetectorResult';
import { useWordLimit, WordLimitWarning } from '../shared/limits';
import { ToolInputPanel } from '../shared/ToolInputPanel';
import { ToolNotes, ToolPageShell } from '../shared/ToolPageShell';
import { downloadFile, extractKeywords, keywordsCsv } from './api';
import { ErrorNote, useToolRun } from './common';
import { useCapabilities } from '../writing/api';

const COUNTS = [10, 20, 30, 50];

const NOTES = [
  {
    icon: KeyRound,
    title: 'Keyphrases, not just words',
    text: 'Candidates are noun phrases found by a part-of-speech tagger, so you get “solar panels”, not “solar” and “panels”.',
  },
  {
    icon: BarChart3,
    title: 'How the score works',
    text: 'A word graph (TextRank) and statistics such as position, spread and frequency (YAKE) are combined; 1.00 is the strongest keyphrase.',
  },
  {
    icon: MapPin,
    title: 'Frequency and position',
    text: 'Frequency counts every occurrence, plural and singular together. First position is the character where it first appears.',
  },
];

/** Keyword Extractor: ranked keyphrases of a text, with score, frequency and first position; CSV export and copy. */
export default function KeywordsPage(_: { slug: string }) {
  usePageTitle('Keyword Extractor');
  const [text, setText] = useState('');
  const [max, setMax] = useState(20);
  const [grouping, setGrouping] = useState(false);
  const llm = useCapabilities().data?.llm.configured ?? false;
  const { user, limit, words, over } = useWordLimit(text);
  const { busy, error, result, resultRef, run, reset } = useToolRun<KeywordResponse>(setText, 'Failed to extract keywords. Please try again.');
  const [shownText, setShownText] = useState('');

  const go = (source: { text: string } | { file: File }) =>
    void run(source, (s) => extractKeywords(s, max, grouping && llm)).then((r) => r && setShownText('text' in source ? source.text : (r.text ?? '')));

  return (
    <ToolPageShell title="Keyword Extractor" lead="Find the key words and phrases of an article, page or paper, ranked, with how often and where they appear.">
      <ToolInputPanel
        id="keywords-input"
        label="Your text"
        value={text}
        onChange={setText}
        placeholder="Paste an article, blog post or abstract…"
        words={words}
        limit={limit}
        actions={
          <>
            <Button onClick={() => go({ text })} disabled={words === 0 || over || busy}>
              <BusyLabel busy={busy} label="Extracting...">
                Extract keywords
              </BusyLabel>
            </Button>
            <label className="flex items-center gap-2 text-sm">
              <span className="text-muted-foreground">Show</span>
              <select
                value={max}
                onChange={(e) => setMax(Number(e.target.value))}
                className="h-9 rounded-md border bg-background px-2 text-sm"
                aria-label="How many keywords"
              >
                {COUNTS.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </label>
            <label className={cn('inline-flex items-center gap-2 text-sm', !llm && 'text-muted-foreground')}>
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={grouping && llm}
                disabled={!llm}
                onChange={(e) => setGrouping(e.target.checked)}
              />
              Group into topics with the language model
            </label>
          </>
        }
        upload={{ onFile: (file) => go({ file }), disabled: busy }}
        onClear={() => (setText(''), reset())}
      />
      {!llm && (
        <p className="mt-2 text-xs text-muted-foreground" data-testid="keywords-model-note">
          Grouping into topics needs a language model, and none is configured on this server. The keywords themselves are extracted offline.
        </p>
      )}
      {over && (
        <div className="mt-4">
          <WordLimitWarning words={words} limit={limit} anonymous={!user} />
        </div>
      )}
      {error && <ErrorNote message={error} />}
      {/* the first of the results is the one scrolled to and focused */}
      {result?.groups && <KeywordGroups ref={resultRef} groups={result.groups} engine={result.engine} />}
      {result && <KeywordTable ref={result.groups ? undefined : resultRef} result={result} text={shownText} />}
      <ToolNotes label="How to read the keywords" notes={NOTES} />
    </ToolPageShell>
  );
}

function KeywordTable({ result, text, ref }: { result: KeywordResponse; text: string; ref?: Ref<HTMLElement> }) {
  const list = result.keyphrases;
  return (
    <section ref={ref} className="mt-6 rounded-2xl border bg-card p-4 shadow-sm sm:p-5" aria-labelledby="keywords-result-title" data-testid="keywords-result">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="keywords-result-title" className="text-lg font-semibold">
          {list.length === 0 ? 'No keywords found' : `${list.length} keywords`}
        </h2>
        <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 text-xs text-muted-foreground" data-testid="engine-label">
          <Cpu className="size-3" aria-hidden /> offline
        </span>
        {list.length > 0 && (
          <div className="ml-auto flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => copyText(list.map((k) => k.phrase).join('\n'))}>
              <Copy /> Copy
            </Button>
            <Button variant="outline" size="sm" onClick={() => downloadFile('keywords.csv', keywordsCsv(result))}>
              <Download /> Download CSV
            </Button>
          </div>
        )}
      </div>
      {list.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">
          The text has no noun phrases to rank. Try a longer text with full sentences (names, topics and things it talks about).
        </p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[420px] text-left text-sm" data-testid="keywords-table">
            <thead className="border-b text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-2 font-medium">
                  <ListOrdered className="inline size-3.5" aria-label="Rank" />
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Keyword
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Score
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Frequency
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  First position
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((k, i) => (
                <tr key={k.key} className="border-b last:border-0" data-testid="keyword-row">
                  <td className="py-2 pr-2 tabular-nums text-muted-foreground">{i + 1}</td>
                  <td className="py-2 pr-3 font-medium" title={text ? snippet(text, k.firstPosition) : undefined}>
                    {k.phrase}
                    {k.kind === 'verb' && <span className="ml-1.5 rounded bg-muted px-1.5 py-0.5 text-[10px] font-normal text-muted-foreground">verb</span>}
                  </td>
                  <td className="py-2 pr-3">
                    <div className="flex items-center gap-2">
                      <div className="hidden h-1.5 w-16 overflow-hidden rounded-full bg-muted sm:block" aria-hidden>
                        <div className="h-full rounded-full bg-primary" style={{ width: `${Math.max(4, k.score * 100)}%` }} />
                      </div>
                      <span className="tabular-nums">{k.score.toFixed(2)}</span>
                    </div>
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">{k.frequency}</td>
                  <td className="py-2 text-right tabular-nums">{k.firstPosition.toLocaleString('en-US')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const INTENT_STYLE: Record<SearchIntent, string> = {
  informational: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
  navigational: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  commercial: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200',
  transactional: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
};

/** The model's topic groups: one card per topic with its search intent; members are the extracted keyphrases only. */
function KeywordGroups({ groups, engine, ref }: { groups: KeywordGroupDto[]; engine: string; ref?: Ref<HTMLElement> }) {
  return (
    <section ref={ref} className="mt-6 rounded-2xl border bg-card p-4 shadow-sm sm:p-5" aria-labelledby="keyword-groups-title" data-testid="keyword-groups">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="keyword-groups-title" className="text-lg font-semibold">
          {groups.length === 1 ? '1 topic' : `${groups.length} topics`}
        </h2>
        <span className="inline-flex items-center gap-1 rounded-full bg-violet-100 px-2.5 py-0.5 text-xs text-violet-700" data-testid="groups-engine-label">
          <Layers className="size-3" aria-hidden /> grouped by the language model ({engine})
        </span>
      </div>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {groups.map((g, i) => (
          // topics are the model's words and may repeat
          <li key={i} className="rounded-xl border bg-background p-3" data-testid="keyword-group">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-medium">{g.topic}</h3>
              <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', INTENT_STYLE[g.intent])} data-testid="keyword-group-intent">
                {g.intent}
              </span>
            </div>
            <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`Keywords about ${g.topic}`}>
              {g.keyphrases.map((k) => (
                <li key={k} className="rounded-md bg-muted px-2 py-0.5 text-sm">
                  {k}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-muted-foreground">
        Topics and search intents are suggested by the language model; it may only sort the keywords extracted below, not add new ones.
      </p>
    </section>
  );
}

/** A few words around a position, for the row's tooltip. */
function snippet(text: string, at: number): string {
  const s = Math.max(0, at - 40);
  return (s > 0 ? '…' : '') + text.slice(s, at + 60).replace(/\s+/g, ' ') + '…';
}
