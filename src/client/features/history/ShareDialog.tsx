import { useId, useState } from 'react';
import { Check, Copy, Link2, Link2Off } from 'lucide-react';
import { SHARE_EXPIRY_DAYS, type SavedReportSummary, type ShareReportResponse } from '@/shared/api/saved-reports';
import { formatDate } from '@/shared/format';
import { messageOf } from '@/client/lib/api';
import { toast } from '@/client/hooks/use-toast';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { BusyLabel } from '@/client/components/ui/spinner';
import { ShareButton } from '@/client/components/ShareButton';
import { useRevokeShare, useShareReport } from './api';

const EXPIRY_LABELS: Record<string, string> = { never: 'Never', '1': '1 day', '7': '7 days', '30': '30 days' };

/** The share state in a few words, for lists and the report page. */
export function shareLabel(share: SavedReportSummary['share']): string | null {
  if (share.active) return share.expiresAt ? `Shared until ${formatDate(share.expiresAt)}` : 'Shared';
  if (share.expired) return 'Link expired';
  return null;
}

/**
 * Share a report by link: anyone with it sees the report (no login, none of the owner's account). The link is shown
 * once (only its hash is stored); a new link replaces the old one; revoking ends it.
 */
export function ShareDialog({ report, size = 'default' }: { report: SavedReportSummary; size?: 'default' | 'sm' }) {
  const uid = useId();
  const [open, setOpen] = useState(false);
  const [expiry, setExpiry] = useState<string>('never');
  const [made, setMade] = useState<ShareReportResponse | null>(null);
  const [copied, setCopied] = useState(false);
  const share = useShareReport(report.id);
  const revoke = useRevokeShare(report.id);
  const active = report.share.active || made !== null;

  const create = () =>
    share.mutate(expiry === 'never' ? null : Number(expiry), {
      onSuccess: (r) => {
        setMade(r);
        setCopied(false);
      },
      onError: (err) => toast({ title: 'No link made', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
    });
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      toast({ title: 'Copy failed: select the link and copy it', variant: 'destructive' });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setMade(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size={size === 'sm' ? 'sm' : 'default'} data-testid="share-report">
          <Link2 /> Share
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Share this report</DialogTitle>
          <DialogDescription>
            Anyone with the link can open the report and its PDF without logging in. It shows the text and the result, never your name or e-mail.
          </DialogDescription>
        </DialogHeader>

        {made ? (
          <div className="grid gap-2" data-testid="share-link">
            <label htmlFor={`${uid}-url`} className="text-sm font-medium">
              The link{made.expiresAt ? `, until ${formatDate(made.expiresAt)}` : ''}
            </label>
            {/* on a phone the link gets its own row, Copy and Share share the next */}
            <div className="grid grid-cols-2 gap-2 sm:flex">
              <Input id={`${uid}-url`} readOnly value={made.url} onFocus={(e) => e.currentTarget.select()} className="col-span-2 font-mono text-xs" />
              <Button variant="outline" onClick={() => void copy(made.url)} aria-label="Copy the link">
                {copied ? <Check /> : <Copy />} {copied ? 'Copied' : 'Copy'}
              </Button>
              <ShareButton data-testid="share-link-native" aria-label="Share the link" data={() => ({ title: report.title, url: made.url })} />
            </div>
            <p className="text-xs text-muted-foreground">Copy it now: for safety it is not shown again. You can always make a new one.</p>
          </div>
        ) : (
          <>
            {report.share.active && (
              <p className="rounded-lg bg-muted p-3 text-sm">
                A link is active{report.share.expiresAt ? ` until ${formatDate(report.share.expiresAt)}` : ''}. A new link replaces it: the current one stops
                working.
              </p>
            )}
            {report.share.expired && <p className="rounded-lg bg-muted p-3 text-sm">The last link has expired.</p>}
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">The link expires</legend>
              <div className="flex flex-wrap gap-2">
                {['never', ...SHARE_EXPIRY_DAYS.map(String)].map((v) => (
                  <label
                    key={v}
                    className={`cursor-pointer rounded-lg border px-3 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring ${expiry === v ? 'border-primary bg-primary/5 font-medium' : 'border-input'}`}
                  >
                    <input type="radio" name={`${uid}-expiry`} value={v} checked={expiry === v} onChange={() => setExpiry(v)} className="sr-only" />
                    {EXPIRY_LABELS[v]}
                  </label>
                ))}
              </div>
            </fieldset>
            <Button onClick={create} disabled={share.isPending} data-testid="create-share-link">
              <BusyLabel busy={share.isPending} label="Making the link...">
                <Link2 /> {report.share.active ? 'Make a new link' : 'Make a link'}
              </BusyLabel>
            </Button>
          </>
        )}

        {active && (
          <Button
            variant="ghost"
            className="text-destructive hover:text-destructive"
            disabled={revoke.isPending}
            data-testid="revoke-share"
            onClick={() =>
              revoke.mutate(undefined, {
                onSuccess: () => {
                  setMade(null);
                  setOpen(false);
                  toast({ title: 'Link revoked', description: 'It no longer opens the report.' });
                },
                onError: (err) => toast({ title: 'Not revoked', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
              })
            }
          >
            <Link2Off /> Revoke the link
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}
