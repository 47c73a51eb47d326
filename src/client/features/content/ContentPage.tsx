import { useRef, useState } from 'react';
import { Copy, Cpu, Download } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { BusyLabel } from '@/client/components/ui/spinner';
import { toast } from '@/client/hooks/use-toast';
import { messageOf } from '@/client/lib/api';
import { usePageTitle } from '@/client/lib/title';
import { CONTENT_LENGTHS, CONTENT_TONES, CONTENT_TYPE_LABELS, CONTENT_TYPES, CONTENT_WORDS, type ContentResponse } from '@/shared/api/content';
import { Markdown } from '../blog/Markdown';
import { ModelNotice } from '../code/ModelNotice';
import { copyText } from '../detector/DetectorResult';
import { useWordLimit, WordLimitWarning } from '../shared/limits';
import { ToolInputPanel } from '../shared/ToolInputPanel';
import { ToolPageShell } from '../shared/ToolPageShell';
import { downloadText, generateContent, generateContentFromFile, useCapabilities } from './api';
import { StreamingPanel } from '@/client/features/shared/StreamingPanel';
import { revealResult } from '@/client/lib/reveal';

const capitalise = (s: string) => s[0].toUpperCase() + s.slice(1);
const selectClass = 'h-10 rounded-lg border border-input bg-background px-3 text-sm';

/** /tools/content-generator: articles, posts and product descriptions from a brief, by the language model. */
export default function ContentPage() {
  usePageTitle('Content Generator');
  const caps = useCapabilities();
  const [brief, setBrief] = useState('');
  const [type, setType] = useState<string>('article');
  const [tone, setTone] = useState<string>('professional');
  const [length, setLength] = useState<string>('medium');
  const [busy, setBusy] = useState(false);
  const [streamed, setStreamed] = useState<string | null>(null);
  const [result, setResult] = useState<ContentResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resultRef = useRef<HTMLElement>(null);
  const { user, limit, words, over } = useWordLimit(brief);
  const modelMissing = caps.data?.llm.configured === false;
  const target = CONTENT_WORDS[type as keyof typeof CONTENT_WORDS][length as 'short'];

  async function run(file?: File) {
    if (busy || modelMissing) return;
    setBusy(true);
    setError(null);
    try {
      const options = { type, tone, length };
      let r: ContentResponse;
      if (file) {
        r = await generateContentFromFile(file, options);
        if (typeof r.text === 'string') setBrief(r.text);
      } else {
        setStreamed('');
        r = await generateContent({ text: brief, ...options }, (d) => setStreamed((s) => (s ?? '') + d));
      }
      setResult(r);
      revealResult(resultRef);
    } catch (err) {
      const message = messageOf(err, 'The content could not be written. Please try again.');
      setError(message);
      toast({ title: 'Generation Failed', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
      setStreamed(null);
    }
  }

  const option = (id: string, label: string, value: string, set: (v: string) => void, values: readonly string[], show: (v: string) => string) => (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => set(e.target.value)} className={selectClass}>
        {values.map((v) => (
          <option key={v} value={v}>
            {show(v)}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <ToolPageShell
      title="Content Generator"
      lead="Draft an article, blog post, social media post or product description from your brief, in the tone and length you choose."
    >
      {modelMissing && <ModelNotice what="The Content Generator writes new text, so it" />}

      <ToolInputPanel
        id="content-brief"
        label="Your brief"
        value={brief}
        onChange={setBrief}
        rows={6}
        placeholder="What should it be about, for whom, and what must it say? e.g. A launch post for Trailhead, a waterproof hiking boot for beginners; mention the 2-year warranty."
        words={words}
        limit={limit}
        align="end"
        onClear={() => setBrief('')}
        upload={{ onFile: (f) => void run(f), disabled: busy || modelMissing, note: ' The file becomes the brief.' }}
        actions={
          <>
            {option('content-type', 'Type', type, setType, CONTENT_TYPES, (v) => CONTENT_TYPE_LABELS[v as keyof typeof CONTENT_TYPE_LABELS])}
            {option('content-tone', 'Tone', tone, setTone, CONTENT_TONES, capitalise)}
            {option('content-length', 'Length', length, setLength, CONTENT_LENGTHS, capitalise)}
            <Button onClick={() => void run()} disabled={words === 0 || over || busy || modelMissing || caps.isLoading}>
              <BusyLabel busy={busy} label="Writing...">
                Generate
              </BusyLabel>
            </Button>
          </>
        }
      />
      <p className="mt-2 text-xs text-muted-foreground" data-testid="content-target">
        About {target} words. The model follows your brief and is told not to invent facts, figures or quotations; check what it writes before you publish.
      </p>

      <div className="mt-4 space-y-3">
        <WordLimitWarning words={words} limit={limit} anonymous={!user} />
        {error && (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="content-error">
            {error}
          </p>
        )}
      </div>

      {streamed !== null && <StreamingPanel label="Writing..." text={streamed} testId="content-streaming" />}

      {result && streamed === null && (
        <section
          ref={resultRef}
          aria-labelledby="content-result-title"
          className="mt-6 rounded-2xl border bg-card p-4 shadow-sm sm:p-5"
          data-testid="content-result"
        >
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="content-result-title" className="text-lg font-semibold">
              {CONTENT_TYPE_LABELS[result.type]}
            </h2>
            <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-0.5 text-xs text-muted-foreground" data-testid="engine-label">
              <Cpu className="size-3" aria-hidden /> {result.engine}
            </span>
            <span className="text-xs text-muted-foreground">
              {result.words} words · {result.tone} · {result.length}
            </span>
          </div>
          <div className="mt-3 rounded-xl border bg-background p-4" data-testid="content-output">
            <Markdown source={result.output} />
          </div>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => copyText(result.output)}>
              <Copy /> Copy
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => downloadText(`${result.type.replace('_', '-')}.md`, result.output, 'text/markdown;charset=utf-8')}
            >
              <Download /> Download
            </Button>
          </div>
        </section>
      )}
    </ToolPageShell>
  );
}
