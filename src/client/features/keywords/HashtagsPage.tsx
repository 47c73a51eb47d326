import { useState, type KeyboardEvent } from 'react';
import { Copy, Cpu, Download, Hash, Ruler, Sparkles } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { BusyLabel } from '@/client/components/ui/spinner';
import { usePageTitle } from '@/client/lib/title';
import { cn } from '@/client/lib/utils';
import { PLATFORM_LIMITS, PLATFORMS, type HashtagResponse, type Platform } from '@/shared/api/keywords';
import { copyText } from '../detector/DetectorResult';
import { useWordLimit, WordLimitWarning } from '../shared/limits';
import { ToolInputPanel } from '../shared/ToolInputPanel';
import { ToolNotes, ToolPageShell } from '../shared/ToolPageShell';
import { downloadFile, makeHashtags, type Source } from './api';
import { ErrorNote, useToolRun } from './common';
import { useCapabilities } from '../writing/api';

const NOTES = [
  { icon: Sparkles, title: 'From your own text', text: 'Tags come from the keyphrases of your text (the Keyword Extractor’s ranking), not from a fixed list.' },
  {
    icon: Hash,
    title: 'CamelCase',
    text: 'Each tag joins the words of a phrase with capitals (#SolarPanels), which is easier to read and to hear with a screen reader.',
  },
  {
    icon: Ruler,
    title: 'Per platform',
    text: 'Each platform gets a count and a tag length that suit it; long phrases are left out where tags must stay short.',
  },
];

/** A radio group of buttons: arrow keys move the choice, as in a native radio group. */
function PlatformPicker({ value, onChange }: { value: Platform; onChange: (p: Platform) => void }) {
  const onKey = (e: KeyboardEvent) => {
    const i = PLATFORMS.indexOf(value);
    const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = PLATFORMS[(i + step + PLATFORMS.length) % PLATFORMS.length]!;
    onChange(next);
    document.getElementById(`platform-${next}`)?.focus();
  };
  return (
    <div role="radiogroup" aria-label="Platform" className="inline-flex flex-wrap gap-1 rounded-lg border bg-muted/40 p-1" onKeyDown={onKey}>
      {PLATFORMS.map((p) => (
        <button
          key={p}
          id={`platform-${p}`}
          type="button"
          role="radio"
          aria-checked={value === p}
          tabIndex={value === p ? 0 : -1}
          onClick={() => onChange(p)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring',
            value === p ? 'bg-background font-medium shadow-sm' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {PLATFORM_LIMITS[p].label}
        </button>
      ))}
    </div>
  );
}

/** Hashtag Generator: CamelCase hashtags from the text's keyphrases, per platform, with copy all. */
export default function HashtagsPage(_: { slug: string }) {
  usePageTitle('Hashtag Generator');
  const [text, setText] = useState('');
  const [platform, setPlatform] = useState<Platform>('instagram');
  const [withModel, setWithModel] = useState(false);
  const llm = useCapabilities().data?.llm.configured ?? false;
  const { user, limit, words, over } = useWordLimit(text);
  const { busy, error, result, resultRef, run, reset } = useToolRun<HashtagResponse>(setText, 'Failed to generate hashtags. Please try again.');
  const go = (source: Source, p: Platform = platform, reveal = true) => void run(source, (s) => makeHashtags(s, p, withModel && llm), { reveal });

  function choose(p: Platform) {
    setPlatform(p);
    // a result on screen follows the platform at once
    // (focus stays on the picker, which the user is still using)
    if (result && text.trim() && !over) go({ text }, p, false);
  }

  const tags = result?.hashtags ?? [];
  return (
    <ToolPageShell title="Hashtag Generator" lead="Turn a post, caption or article into ranked hashtags for Instagram, X, LinkedIn or TikTok.">
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <span className="text-sm font-medium" id="platform-label">
          Platform
        </span>
        <PlatformPicker value={platform} onChange={choose} />
        <label className={cn('ml-auto inline-flex items-center gap-2 text-sm', !llm && 'text-muted-foreground')}>
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={withModel && llm}
            disabled={!llm}
            onChange={(e) => setWithModel(e.target.checked)}
          />
          Also ask the language model
        </label>
      </div>
      {!llm && (
        <p className="-mt-2 mb-4 text-xs text-muted-foreground" data-testid="hashtags-model-note">
          Suggestions from a language model need one, and none is configured on this server. The tags below come from your text's keyphrases.
        </p>
      )}
      <ToolInputPanel
        id="hashtags-input"
        label="Your post or text"
        value={text}
        onChange={setText}
        rows={7}
        placeholder="Paste your caption, post or article…"
        words={words}
        limit={limit}
        actions={
          <Button onClick={() => go({ text })} disabled={words === 0 || over || busy}>
            <BusyLabel busy={busy} label="Generating...">
              Generate hashtags
            </BusyLabel>
          </Button>
        }
        upload={{ onFile: (file) => go({ file }), disabled: busy }}
        onClear={() => (setText(''), reset())}
      />
      {over && (
        <div className="mt-4">
          <WordLimitWarning words={words} limit={limit} anonymous={!user} />
        </div>
      )}
      {error && <ErrorNote message={error} />}
      {result && (
        <section
          ref={resultRef}
          className="mt-6 rounded-2xl border bg-card p-4 shadow-sm sm:p-5"
          aria-labelledby="hashtags-title"
          data-testid="hashtags-result"
        >
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="hashtags-title" className="text-lg font-semibold">
              {tags.length ? `${tags.length} hashtags for ${result.limits.label}` : 'No hashtags found'}
            </h2>
            <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 text-xs text-muted-foreground">
              <Cpu className="size-3" aria-hidden /> {result.engine}
            </span>
            {tags.length > 0 && (
              <div className="ml-auto flex gap-2">
                <Button variant="outline" size="sm" onClick={() => copyText(tags.map((h) => h.tag).join(' '))}>
                  <Copy /> Copy all
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => downloadFile(`hashtags-${result.platform}.txt`, tags.map((h) => h.tag).join(' ') + '\n', 'text/plain;charset=utf-8')}
                >
                  <Download /> Download
                </Button>
              </div>
            )}
          </div>
          {tags.length === 0 ? (
            <p className="mt-3 text-sm text-muted-foreground">The text has no topics short enough to tag. Try a longer text that names its subject.</p>
          ) : (
            <ul className="mt-4 flex flex-wrap gap-2" aria-label="Hashtags" data-testid="hashtag-list">
              {tags.map((h) => (
                <li key={h.tag}>
                  <button
                    type="button"
                    onClick={() => copyText(h.tag)}
                    title={`Copy ${h.tag}`}
                    className="rounded-full border bg-background px-3 py-1 text-sm font-medium text-sky-700 outline-none hover:bg-sky-50 focus-visible:ring-2 focus-visible:ring-ring dark:text-sky-300"
                  >
                    {h.tag}
                    {h.source === 'model' && (
                      <span
                        className="ml-1.5 rounded bg-violet-100 px-1 text-[10px] font-semibold uppercase text-violet-700"
                        title="Suggested by the language model"
                      >
                        AI
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-4 text-xs text-muted-foreground">
            {result.limits.note} Up to {result.limits.maxTags} tags of at most {result.limits.maxTagLength} characters. Click a tag to copy it.
            {tags.some((h) => h.source === 'model') &&
              ' Tags marked AI were suggested by the language model and checked against the same limits; the others come from your text.'}
          </p>
        </section>
      )}
      <ToolNotes label="How the hashtags are made" notes={NOTES} />
    </ToolPageShell>
  );
}
