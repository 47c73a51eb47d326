import type { FormEvent } from 'react';
import { z } from 'zod';
import type { PublicUser } from '@/shared/api/auth';
import { ProfileUpdateBody } from '@/shared/api/billing';
import { ApiError, messageOf } from '@/client/lib/api';
import { useZodForm } from '@/client/lib/form';
import { toast } from '@/client/hooks/use-toast';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { EmailField, FormField, PasswordField } from '@/client/components/FormField';
import { AccountSection } from './AccountSection';
import { useUpdateProfile } from './api';

// The current password is checked by the server (only when the e-mail changes), after it has checked
// that the new address is free, so a taken address is reported on its own field first.
const ProfileForm = z.object({
  username: ProfileUpdateBody.shape.username.unwrap(),
  email: ProfileUpdateBody.shape.email.unwrap(),
  currentPassword: z.string().max(256),
});

/**
 * Username and e-mail; only the changed fields are sent. A new e-mail needs the current password; the
 * server then mails the old address a notice with an undo link and signs out the other sessions.
 */
export function ProfileCard({ user }: { user: PublicUser }) {
  const form = useZodForm(ProfileForm, { username: user.username, email: user.email, currentPassword: '' });
  const emailChanging = form.values.email.trim().toLowerCase() !== user.email;
  const update = useUpdateProfile();
  const saving = update.isPending;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const values = form.validate();
    if (!values || saving) return;
    const changes: { username?: string; email?: string; currentPassword?: string } = {};
    if (values.username !== user.username) changes.username = values.username;
    if (values.email !== user.email) changes.email = values.email;
    if (changes.email !== undefined) changes.currentPassword = values.currentPassword;
    if (Object.keys(changes).length === 0) {
      toast({ title: 'Nothing to save', description: 'Your profile is unchanged.' });
      return;
    }
    try {
      await update.mutateAsync(changes);
      form.setField('currentPassword', '');
      toast({
        title: 'Profile updated',
        description:
          changes.email !== undefined
            ? 'Your changes have been saved. A notice went to your previous address, and your other sessions were signed out.'
            : 'Your changes have been saved.',
      });
    } catch (err) {
      // a taken username or e-mail (409) is reported on its field
      if (err instanceof ApiError && err.fields) form.setErrors(err.fields);
      toast({ title: 'Profile not saved', description: messageOf(err, 'Please try again in a moment.'), variant: 'destructive' });
    }
  }

  return (
    <AccountSection title="Profile" description="The name and e-mail address of your account.">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField label="Username" autoComplete="username" {...form.field('username')} />
        <EmailField placeholder="" {...form.field('email')} />
        {emailChanging && <PasswordField label="Current password" autoComplete="current-password" {...form.field('currentPassword')} />}
        <div>
          <Button type="submit" disabled={saving} aria-busy={saving}>
            {saving && <Spinner />} Save profile
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
