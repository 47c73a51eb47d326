import { useState } from 'react';
import { Copy, Sparkles } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { BusyLabel } from '@/client/components/ui/spinner';
import { messageOf } from '@/client/lib/api';
import { cn } from '@/client/lib/utils';
import type { SeoResponse, SeoSuggestionsResponse } from '@/shared/api/seo-score';
import { copyText } from '../detector/DetectorResult';
import { StreamingPanel } from '../shared/StreamingPanel';
import { useCapabilities } from '../writing/api';
import { suggestRewrites } from './api';

/**
 * "Suggest rewrites with AI" under a report: the page and the report's problems and improvements go to the language
 * model, whose rewrites stream in; the suggested title and meta description are measured again by the analyzer's rules.
 * Without a model the button is off and says why.
 */
export function Suggestions({ report, pageText, keyphrase }: { report: SeoResponse; pageText: string; keyphrase?: string }) {
  const llm = useCapabilities().data?.llm.configured ?? false;
  const [streamed, setStreamed] = useState<string | null>(null);
  const [result, setResult] = useState<SeoSuggestionsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const weak = report.checks.filter((c) => c.light !== 'good');
  // a fetched page's text is not kept in the browser: its title, description and headings stand in for it
  const text =
    pageText.trim() || [report.document.title, report.document.metaDescription, ...report.document.headings.map((h) => h.text)].filter(Boolean).join('\n');

  async function go() {
    setError(null);
    setResult(null);
    setStreamed('');
    try {
      const r = await suggestRewrites(
        {
          text,
          keyphrase: keyphrase || undefined,
          title: report.document.title ?? undefined,
          metaDescription: report.document.metaDescription ?? undefined,
          problems: weak.slice(0, 30).map((c) => ({ label: c.label, value: c.value, fix: c.fix })),
        },
        (d) => setStreamed((s) => (s ?? '') + d),
      );
      setResult(r);
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
        <Button className="ml-auto" size="sm" onClick={() => void go()} disabled={!llm || streamed !== null || !text}>
          <BusyLabel busy={streamed !== null} label="Writing...">
            <Sparkles /> Suggest rewrites with AI
          </BusyLabel>
        </Button>
      </div>
      {!llm && (
        <p className="mt-2 text-sm text-muted-foreground" data-testid="seo-suggest-needs-model">
          Rewrites are written by a language model, and none is configured on this server. The fixes above say what to change.
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
                  <span className="font-medium">{m.kind === 'title' ? 'SEO title' : 'Meta description'}:</span> {m.text}
                  <span className={cn('ml-2 text-xs', m.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-amber-700 dark:text-amber-400')}>
                    {m.length} characters{m.ok ? ', within the limit' : ', outside the limit'}
                    {m.hasKeyphrase === false && ', without the keyphrase'}
                  </span>
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
