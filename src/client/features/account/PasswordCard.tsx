import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { PasswordChangeBody } from '@/shared/api/billing';
import { ApiError, messageOf } from '@/client/lib/api';
import { useZodForm } from '@/client/lib/form';
import { toast } from '@/client/hooks/use-toast';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { PasswordField } from '@/client/components/FormField';
import { AccountSection } from './AccountSection';
import { useChangePassword } from './api';
import { TwoFactorCard } from './TwoFactorCard';

const PasswordSchema = PasswordChangeBody.extend({ confirmPassword: z.string() }).refine((v) => v.newPassword === v.confirmPassword, {
  path: ['confirmPassword'],
  message: 'The passwords do not match',
});

/** The password card, followed (for staff) by the two-factor card: the sign-in settings stay side by side. */
export function PasswordCard() {
  // a fresh form (empty fields) after each successful change
  const [generation, setGeneration] = useState(0);
  return (
    <>
      <PasswordChangeForm key={generation} onChanged={() => setGeneration((g) => g + 1)} />
      <TwoFactorCard />
    </>
  );
}

function PasswordChangeForm({ onChanged }: { onChanged: () => void }) {
  const form = useZodForm(PasswordSchema, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const change = useChangePassword();
  const saving = change.isPending;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const values = form.validate();
    if (!values || saving) return;
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      toast({ title: 'Password changed', description: 'Your other sessions were signed out, and a notice went to your e-mail address.' });
      onChanged();
    } catch (err) {
      if (err instanceof ApiError && err.fields) form.setErrors(err.fields);
      else if (err instanceof ApiError && (err.status === 401 || err.status === 403))
        form.setErrors({ currentPassword: err.serverMessage ?? 'The current password is not correct' });
      toast({ title: 'Password not changed', description: messageOf(err, 'Please try again in a moment.'), variant: 'destructive' });
    }
  }

  return (
    <AccountSection
      title="Password"
      description={
        <>
          At least 6 characters. Forgot it?{' '}
          <Link to="/forgot-password" className="font-medium text-primary hover:underline">
            Reset it by e-mail
          </Link>
          .
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <PasswordField label="Current password" autoComplete="current-password" {...form.field('currentPassword')} />
        <PasswordField label="New password" {...form.field('newPassword')} />
        <PasswordField label="Confirm new password" {...form.field('confirmPassword')} />
        <div>
          <Button type="submit" disabled={saving} aria-busy={saving}>
            {saving && <Spinner />} Change password
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
