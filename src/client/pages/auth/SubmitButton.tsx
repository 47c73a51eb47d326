import type { ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { BusyLabel } from '@/client/components/ui/spinner';
import { cn } from '@/client/lib/utils';

/** The full-width submit button of the auth forms, busy while the request runs. */
export function SubmitButton({ busy, busyLabel, children, className }: { busy: boolean; busyLabel: string; children: ReactNode; className?: string }) {
  return (
    <Button type="submit" className={cn('w-full', className)} disabled={busy} aria-busy={busy}>
      <BusyLabel busy={busy} label={busyLabel}>
        {children}
      </BusyLabel>
    </Button>
  );
}
