import { Link } from 'react-router';
import { ArrowRight, Info } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/client/components/ui/dialog';

/** What the detector does with a text, in the model card's own terms (docs/detector.md); nothing here is a promise it does not keep. */
const STEPS: { title: string; text: string }[] = [
  {
    title: 'It reads the whole text and every sentence',
    text: 'An offline model scores the text as a whole, and each sentence together with its neighbours. It was trained on what today’s chat assistants write, on public corpora of older AI text, and on real human writing.',
  },
  {
    title: 'The score is read against two bands',
    text: '“Likely AI-generated” starts where at most about 1% of the human texts of any kind we hold reach. Below the human band it reads “Likely human”, and between the two it says “Can’t tell” rather than guess.',
  },
  {
    title: 'Mixed texts are called mixed',
    text: 'When some sentences look clearly AI-written and others clearly human, the verdict is “Mixed” and the highlighted sentences are the ones to look at.',
  },
  {
    title: 'Short texts get no verdict',
    text: 'Under 50 words the result is always “Can’t tell”, with a note to add more text: a few sentences are too little to measure.',
  },
];

export function HowItWorksDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="lg">
          <Info aria-hidden /> How it works
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg" data-testid="how-it-works-dialog">
        <DialogHeader>
          <DialogTitle>How the detector decides</DialogTitle>
          <DialogDescription>What happens between pasting a text and reading its verdict.</DialogDescription>
        </DialogHeader>
        <ol className="grid gap-3">
          {STEPS.map((s, i) => (
            <li key={s.title} className="flex gap-3">
              <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-xs font-bold text-white" aria-hidden>
                {i + 1}
              </span>
              <div>
                <h3 className="text-sm font-semibold">{s.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="rounded-lg bg-muted p-3 text-sm">
          The score is a signal to start a conversation, never sole evidence: never penalise a writer on it alone.
        </p>
        <DialogFooter>
          <Button asChild variant="outline">
            <Link to="/tools/ai-content-detector">
              Try the detector <ArrowRight aria-hidden />
            </Link>
          </Button>
          <DialogClose asChild>
            <Button>Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
