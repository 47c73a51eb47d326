import { Gauge, Scale, ShieldCheck } from 'lucide-react';
import { usePageTitle } from '@/client/lib/title';
import { DetectorTool } from './DetectorTool';
import { ToolNotes, ToolPageShell, type ToolNote } from '../shared/ToolPageShell';

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

const NOTES: ToolNote[] = [
  {
    icon: Gauge,
    title: 'A probability, not a verdict',
    text: "The score is the model's estimate that the text is machine-written. Colours mark sentences above 70% and 40%.",
  },
  {
    icon: Scale,
    title: '“Uncertain” is an answer',
    text: 'Short texts and borderline scores get an uncertain verdict instead of a guess. The threshold for “AI” is set so that very few human texts reach it.',
  },
  {
    icon: ShieldCheck,
    title: 'Runs on this server',
    text: 'The offline engine analyses your text here; nothing is sent to a third party unless the operator has configured an external provider.',
  },
];

/** /tools/ai-content-detector, its alias /tools/content-detector, and /tools/chatgpt-detector. */
export default function DetectorPage({ slug }: { slug: string }) {
  const copy = COPY[slug === 'chatgpt-detector' ? 'chatgpt-detector' : 'ai-content-detector'];
  usePageTitle(copy.title);
  return (
    <ToolPageShell title={copy.title} lead={copy.lead}>
      <DetectorTool />
      <ToolNotes label="How to read the result" notes={NOTES} />
    </ToolPageShell>
  );
}
