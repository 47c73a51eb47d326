import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import type { DetectResponse } from '@/shared/api/detector';
import { percent } from '@/shared/format';
import { Button } from '@/client/components/ui/button';
import { sentenceTone } from '@/shared/detector-verdicts';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/client/components/ui/dialog';

/**
 * The home page's result dialog (SPEC §2): a summary of the detection just made, with a Close button. It shows only
 * what the server answered; the full result with highlighted sentences stays below the tool.
 */
export function ResultDialog({ result }: { result: DetectResponse }) {
  // The same rule as the red highlights of the full result, so the two never disagree.
  const flagged = result.sentences.filter((s) => sentenceTone(s) === 'red').length;
  return (
    // Opened on request rather than on its own, so the result below stays usable without a modal in the way; the
    // trigger gets the focus back when the dialog closes.
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          Result summary
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="result-dialog">
        <DialogHeader>
          <DialogTitle>{result.verdictText}</DialogTitle>
          <DialogDescription>
            {result.score >= 0.5 ? `${percent(result.score)} AI-generated` : `${percent(1 - result.score)} human-written`}, over {result.wordCount} words.
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-lg bg-muted p-3">
            <dt className="text-xs text-muted-foreground">Sentences</dt>
            <dd className="mt-1 font-semibold">{result.sentences.length}</dd>
          </div>
          <div className="rounded-lg bg-muted p-3">
            <dt className="text-xs text-muted-foreground">Highlighted red</dt>
            <dd className="mt-1 font-semibold">{flagged}</dd>
          </div>
        </dl>
        {result.note && <p className="text-sm font-medium text-amber-800">{result.note}</p>}
        {result.reasons.length > 0 && (
          <div>
            <h3 className="text-sm font-semibold">Why</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
              {result.reasons.slice(0, 3).map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </div>
        )}
        <p className="text-xs text-muted-foreground">A detection result is evidence, not proof. Model {result.modelVersion}.</p>
        <DialogFooter>
          <Button asChild variant="outline">
            <Link to="/tools/ai-content-detector">
              Open the full detector <ArrowRight aria-hidden />
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
