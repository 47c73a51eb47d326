import type { FormEvent } from 'react';
import { z } from 'zod';
import type { PublicUser } from '@/shared/api/auth';
import { ProfileUpdateBody } from '@/shared/api/billing';
import { ApiError, messageOf } from '@/client/lib/api';
import { useZodForm } from '@/client/lib/form';
import { toast } from '@/client/hooks/use-toast';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { EmailField, FormField } from '@/client/components/FormField';
import { AccountSection } from './AccountSection';
import { useUpdateProfile } from './api';

const ProfileForm = z.object({
  username: ProfileUpdateBody.shape.username.unwrap(),
  email: ProfileUpdateBody.shape.email.unwrap(),
});

/** Username and e-mail; only the changed fields are sent. */
export function ProfileCard({ user }: { user: PublicUser }) {
  const form = useZodForm(ProfileForm, { username: user.username, email: user.email });
  const update = useUpdateProfile();
  const saving = update.isPending;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const values = form.validate();
    if (!values || saving) return;
    const changes: { username?: string; email?: string } = {};
    if (values.username !== user.username) changes.username = values.username;
    if (values.email !== user.email) changes.email = values.email;
    if (Object.keys(changes).length === 0) {
      toast({ title: 'Nothing to save', description: 'Your profile is unchanged.' });
      return;
    }
    try {
      await update.mutateAsync(changes);
      toast({ title: 'Profile updated', description: 'Your changes have been saved.' });
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
        <div>
          <Button type="submit" disabled={saving} aria-busy={saving}>
            {saving && <Spinner />} Save profile
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
