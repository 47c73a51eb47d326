import { useId, useState, type FormEvent } from 'react';
import { CheckCircle2, Flag } from 'lucide-react';
import type { Verdict } from '@/shared/api/detector';
import { REPORT_COMMENT_MAX, REPORT_EXPECTED, REPORT_EXPECTED_LABELS, type ReportExpected } from '@/shared/report-fields';
import { messageOf } from '@/client/lib/api';
import { cn } from '@/client/lib/utils';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/client/components/ui/dialog';
import { Label } from '@/client/components/ui/label';
import { BusyLabel } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { useReportResult } from '@/client/features/support/api';

/**
 * "Report this result": the detector's feedback loop. The reporter says what the text really is; the text itself is
 * sent only when they tick the box (staff can then read it). Staff review reports on /admin/reports.
 */
export function ReportResult({ detectionId, verdict, text }: { detectionId: string; verdict: Verdict; text: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  // A report disagrees with the verdict: a 'human' verdict can only be reported as AI text, and the other way round.
  const choices = REPORT_EXPECTED.filter((e) => e !== verdict);
  const [expected, setExpected] = useState<ReportExpected | null>(choices.length === 1 ? choices[0] : null);
  const [comment, setComment] = useState('');
  const [attach, setAttach] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const report = useReportResult();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!expected) return setError('Please choose what the text really is.');
    setError(null);
    report.mutate(
      { detectionId, expected, comment: comment.trim(), text: attach && text ? text : undefined },
      { onError: (err) => setError(messageOf(err, 'Your report could not be sent. Please try again.')) },
    );
  };

  const sent = report.isSuccess;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={sent} data-testid="report-result">
          <Flag /> {sent ? 'Reported' : 'Report this result'}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        {sent ? (
          <div role="status" className="text-center">
            <CheckCircle2 className="mx-auto h-8 w-8 text-emerald-600" aria-hidden />
            <DialogTitle className="mt-2">Thank you</DialogTitle>
            <DialogDescription className="mt-1">{report.data.message}</DialogDescription>
            <Button className="mt-4" onClick={() => setOpen(false)}>
              Close
            </Button>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <DialogHeader>
              <DialogTitle>Report this result</DialogTitle>
              <DialogDescription>Tell us the detector got it wrong. Staff review every report and use them to improve it.</DialogDescription>
            </DialogHeader>
            <fieldset className="mt-4">
              <legend className="text-sm font-medium">The text is…</legend>
              <div className="mt-2 grid gap-2">
                {choices.map((c) => (
                  <label
                    key={c}
                    className={cn(
                      'flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                      expected === c && 'border-primary bg-primary/5',
                    )}
                  >
                    <input type="radio" name={`${id}-expected`} value={c} checked={expected === c} onChange={() => setExpected(c)} className="accent-primary" />
                    {REPORT_EXPECTED_LABELS[c]}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="mt-4">
              <Label htmlFor={`${id}-comment`}>Comment (optional)</Label>
              <Textarea
                id={`${id}-comment`}
                className="mt-1.5"
                rows={3}
                maxLength={REPORT_COMMENT_MAX}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                placeholder="E.g. how the text was written"
              />
            </div>
            {text && (
              <label className="mt-4 flex items-start gap-2 text-sm">
                <input type="checkbox" checked={attach} onChange={(e) => setAttach(e.target.checked)} className="mt-0.5 accent-primary" />
                <span>
                  Attach the text I checked
                  <span className="block text-xs text-muted-foreground">
                    Staff reviewing the report will be able to read it. Leave unticked to send only the score.
                  </span>
                </span>
              </label>
            )}
            {error && (
              <p role="alert" className="mt-3 text-sm text-red-600">
                {error}
              </p>
            )}
            <DialogFooter className="mt-5">
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={report.isPending} aria-busy={report.isPending}>
                <BusyLabel busy={report.isPending} label="Sending...">
                  Send report
                </BusyLabel>
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
