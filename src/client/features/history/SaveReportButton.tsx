import { useEffect } from 'react';
import { Link } from 'react-router';
import { BookmarkCheck, BookmarkPlus } from 'lucide-react';
import { messageOf } from '@/client/lib/api';
import { useCurrentUser } from '@/client/lib/auth';
import { toast } from '@/client/hooks/use-toast';
import { Button } from '@/client/components/ui/button';
import { BusyLabel } from '@/client/components/ui/spinner';
import { canSave, useSaveReport, type SaveSource } from './api';

/**
 * "Save report" beside a detector or plagiarism result: the server keeps it (with a PDF and an optional share link,
 * under /reports). Shown to signed-in users for results the server signed, and for history items.
 */
export function SaveReportButton({ source }: { source: SaveSource }) {
  const { user } = useCurrentUser();
  const save = useSaveReport();
  // a new result (another check) can be saved again
  const subject = 'historyId' in source ? source.historyId : source.result;
  const { reset } = save;
  useEffect(() => reset(), [subject, reset]);
  if (!user || !canSave(source)) return null;
  if (save.isSuccess) {
    return (
      <Button asChild variant="outline" size="sm" data-testid="report-saved">
        <Link to={`/reports/${save.data.report.id}`}>
          <BookmarkCheck /> Saved: open report
        </Link>
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={save.isPending}
      data-testid="save-report"
      onClick={() =>
        save.mutate(source, {
          onSuccess: () => toast({ title: 'Report saved', description: 'Download it as a PDF or share it from your reports.' }),
          onError: (err) => toast({ title: 'Report not saved', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
        })
      }
    >
      <BusyLabel busy={save.isPending} label="Saving...">
        <BookmarkPlus /> Save report
      </BusyLabel>
    </Button>
  );
}
