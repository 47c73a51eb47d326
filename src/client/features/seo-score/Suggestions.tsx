import { useState } from 'react';
import { Copy, Sparkles } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { BusyLabel } from '@/client/components/ui/spinner';
import { messageOf } from '@/client/lib/api';
import { cn } from '@/client/lib/utils';
import type { SeoCheck, SeoResponse, SeoSuggestionsInput, SeoSuggestionsResponse } from '@/shared/api/seo-score';
import { copyText } from '../detector/DetectorResult';
import { StreamingPanel } from '../shared/StreamingPanel';
import { useCapabilities } from '../writing/api';
import { suggestRewrites } from './api';

/** Checks a rewrite of the title, meta description, introduction or sentences can fix (the prompt's items). */
const REWRITABLE = new Set([
  'seo_title',
  'keyphrase_in_title',
  'meta_description',
  'keyphrase_in_meta_description',
  'keyphrase_in_introduction',
  'sentence_length',
  'passive_voice',
]);

/** What the report found, as the suggestions request: the weak checks and the page's own words behind them. */
export function suggestionPayload(report: SeoResponse): SeoSuggestionsInput {
  const weak = report.checks.filter((c): c is SeoCheck & { light: 'problem' | 'ok' } => c.light !== 'good');
  const ids = new Set(weak.map((c) => c.id));
  const { introduction, longSentences, passiveSentences } = report.excerpts;
  const title = report.document.title ?? undefined;
  const metaDescription = report.document.metaDescription ?? undefined;
  const long = ids.has('sentence_length') ? longSentences : [];
  const passive = ids.has('passive_voice') ? passiveSentences : [];
  // the weak parts as written: what the model may take its facts from
  const text = [title, metaDescription, introduction, ...long, ...passive]
    .filter((s): s is string => !!s)
    .filter((s, i, all) => all.indexOf(s) === i)
    .join('\n\n')
    .slice(0, 20_000);
  return {
    text,
    keyphrase: report.keyphrase ?? undefined,
    title,
    metaDescription,
    checks: weak.slice(0, 40).map((c) => ({ id: c.id, light: c.light, message: `${c.label}: ${c.value}. ${c.fix}`.slice(0, 1500) })),
    introduction: introduction ?? undefined,
    longSentences: long,
    passiveSentences: passive,
  };
}

/**
 * "Suggest rewrites with AI" under a report: the weak checks and the page's own words behind them go to the language
 * model, whose rewrites ("original → suggestion") stream in; the suggested title and meta description are measured
 * again by the analyzer's rules and flagged when they miss. Without a model the button is off and says why.
 */
export function Suggestions({ report }: { report: SeoResponse }) {
  const caps = useCapabilities();
  const llm = caps.data?.llm.configured ?? false;
  const [streamed, setStreamed] = useState<string | null>(null);
  const [result, setResult] = useState<SeoSuggestionsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const weak = report.checks.filter((c) => c.light !== 'good');
  const rewritable = weak.some((c) => REWRITABLE.has(c.id));
  const payload = suggestionPayload(report);

  async function go() {
    setError(null);
    setResult(null);
    setStreamed('');
    try {
      setResult(await suggestRewrites(payload, (d) => setStreamed((s) => (s ?? '') + d)));
    } catch (err) {
      setError(messageOf(err, 'The suggestions could not be written. Please try again.'));
    } finally {
      setStreamed(null);
    }
  }

  if (weak.length === 0) return null;
  return (
    <section className="mt-6 rounded-2xl border bg-card p-4 shadow-sm sm:p-5" aria-labelledby="seo-suggest-title" data-testid="seo-suggestions">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="seo-suggest-title" className="text-lg font-semibold">
          Rewrite suggestions
        </h2>
        <Button className="ml-auto" size="sm" onClick={() => void go()} disabled={!llm || !rewritable || streamed !== null || !payload.text}>
          <BusyLabel busy={streamed !== null} label="Writing...">
            <Sparkles /> Suggest rewrites with AI
          </BusyLabel>
        </Button>
      </div>
      {!llm && caps.isSuccess && (
        <p className="mt-2 text-sm text-muted-foreground" data-testid="seo-suggest-needs-model">
          Rewriting needs a language model, and none is configured on this server. The fixes above say what to change.
        </p>
      )}
      {llm && !rewritable && (
        <p className="mt-2 text-sm text-muted-foreground" data-testid="seo-suggest-nothing">
          The weak checks here (links, images, headings, length) need content added, not a rewrite: follow their fixes above.
        </p>
      )}
      {llm && rewritable && !result && streamed === null && (
        <p className="mt-2 text-sm text-muted-foreground">
          The language model rewrites the weak title, meta description, introduction and long or passive sentences, using only your page’s facts.
        </p>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {streamed !== null && <StreamingPanel label="Writing suggestions…" text={streamed} testId="seo-suggest-streaming" />}
      {result && (
        <div className="mt-4 space-y-3">
          {result.measured.length > 0 && (
            <ul className="space-y-2" aria-label="Measured suggestions">
              {result.measured.map((m) => (
                <li key={m.kind} className="rounded-lg border p-3 text-sm" data-testid="seo-suggest-measured">
                  <div>
                    <span className="font-medium">{m.kind === 'title' ? 'Suggested SEO title' : 'Suggested meta description'}:</span>{' '}
                    <span className="break-words">{m.text}</span>
                  </div>
                  <div
                    className={cn('mt-1 text-xs', m.light === 'good' ? 'text-emerald-700 dark:text-emerald-400' : 'text-amber-700 dark:text-amber-400')}
                    data-testid="seo-suggest-measure"
                  >
                    {m.value}: {m.note}
                    {m.hasKeyphrase === false && '; without the focus keyphrase'}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <pre className="whitespace-pre-wrap break-words rounded-lg bg-muted/50 p-3 font-sans text-sm leading-6" data-testid="seo-suggest-text">
            {result.suggestions}
          </pre>
          <div className="flex items-center gap-2">
            <Button variant="outline" size="sm" onClick={() => copyText(result.suggestions)}>
              <Copy /> Copy
            </Button>
            <span className="text-xs text-muted-foreground">Written by {result.engine}. Check every suggestion against your page before you use it.</span>
          </div>
        </div>
      )}
    </section>
  );
}
