import { useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import { messageOf } from '@/client/lib/api';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { PasswordField } from '@/client/components/FormField';
import { AccountSection } from './AccountSection';
import { useDeleteAccount } from './api';

/** Account deletion behind a confirmation with the password (or DELETE); staff accounts are removed by an administrator. */
export function DeleteAccountCard({ staff }: { staff: boolean }) {
  if (staff) {
    return (
      <AccountSection title="Delete account">
        <p className="text-sm text-muted-foreground">Staff accounts are removed by an administrator.</p>
      </AccountSection>
    );
  }
  return <DeleteOwnAccount />;
}

function DeleteOwnAccount() {
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | undefined>();
  const remove = useDeleteAccount();
  // stays busy after success, while the browser leaves
  const busy = remove.isPending || remove.isSuccess;

  async function onDelete(e: FormEvent) {
    e.preventDefault();
    if (!confirm) {
      setError('Enter your password, or DELETE if you sign in with Google only');
      return;
    }
    try {
      await remove.mutateAsync(confirm);
      // the session is gone with the account: a full navigation resets every cached query
      window.location.assign('/');
    } catch (err) {
      setError(messageOf(err, 'Your account could not be deleted. Please try again.'));
    }
  }

  return (
    <AccountSection title="Delete account" description="Deletes your account and its history. Payment records that must be kept by law are anonymised.">
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <Trash2 /> Delete account
      </Button>
      <Dialog
        open={open}
        onOpenChange={(o) => {
          if (busy) return;
          setOpen(o);
          if (!o) {
            setConfirm('');
            setError(undefined);
          }
        }}
      >
        <DialogContent>
          <form onSubmit={onDelete} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Delete your account?</DialogTitle>
              <DialogDescription>
                This cannot be undone. Enter your password to confirm, or type <strong>DELETE</strong> if you sign in with Google only.
              </DialogDescription>
            </DialogHeader>
            <PasswordField
              label="Password or DELETE"
              name="confirm"
              autoComplete="current-password"
              value={confirm}
              error={error}
              onChange={(e) => {
                setConfirm(e.target.value);
                setError(undefined);
              }}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={busy}>
                Keep my account
              </Button>
              <Button type="submit" variant="destructive" disabled={busy} aria-busy={busy}>
                {busy && <Spinner />} Delete my account
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </AccountSection>
  );
}
