import { Gauge, Scale, ShieldCheck } from 'lucide-react';
import { usePageTitle } from '@/client/lib/title';
import { DetectorTool } from './DetectorTool';

const COPY = {
  'ai-content-detector': {
    title: 'AI Content Detector',
    lead: 'Check whether a text was written by AI. Every sentence is scored, and each score comes with the reasons behind it.',
  },
  'chatgpt-detector': {
    title: 'ChatGPT Detector',
    lead: 'Check whether an essay, article or message was produced by ChatGPT or another chatbot, sentence by sentence.',
  },
} as const;

/** /tools/ai-content-detector, its alias /tools/content-detector, and /tools/chatgpt-detector. */
export default function DetectorPage({ slug }: { slug: string }) {
  const copy = COPY[slug === 'chatgpt-detector' ? 'chatgpt-detector' : 'ai-content-detector'];
  usePageTitle(copy.title);
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{copy.title}</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">{copy.lead}</p>
      </header>
      <DetectorTool />
      <section className="mt-10 grid gap-4 sm:grid-cols-3" aria-label="How to read the result">
        <div className="rounded-xl border p-4">
          <Gauge className="size-5 text-primary" aria-hidden />
          <h2 className="mt-2 font-semibold">A probability, not a verdict</h2>
          <p className="mt-1 text-sm text-muted-foreground">The score is the model's estimate that the text is machine-written. Colours mark sentences above 70% and 40%.</p>
        </div>
        <div className="rounded-xl border p-4">
          <Scale className="size-5 text-primary" aria-hidden />
          <h2 className="mt-2 font-semibold">“Uncertain” is an answer</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Short texts and borderline scores get an uncertain verdict instead of a guess. The threshold for “AI” is set so that very few human texts reach it.
          </p>
        </div>
        <div className="rounded-xl border p-4">
          <ShieldCheck className="size-5 text-primary" aria-hidden />
          <h2 className="mt-2 font-semibold">Runs on this server</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            The offline engine analyses your text here; nothing is sent to a third party unless the operator has configured an external provider.
          </p>
        </div>
      </section>
    </div>
  );
}
