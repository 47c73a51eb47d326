import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { RegisterBody } from '@/shared/api/auth';
import { ApiError } from '@/client/lib/api';
import { useZodForm } from '@/client/lib/form';
import { toast } from '@/client/hooks/use-toast';
import { EmailField, FormField, PasswordField } from '@/client/components/FormField';
import { register } from '@/client/features/auth/api';
import { useSignupsOpen } from '@/client/features/site/api';
import { SIGNUPS_CLOSED_MESSAGE } from '@/shared/settings';
import { SITE } from '@/client/lib/site';
import { AuthCard } from './AuthCard';
import { SubmitButton } from './SubmitButton';
import { Divider, GoogleButton, POST_LOGIN_DELAY_MS } from './LoginPage';

export default function RegisterPage() {
  const form = useZodForm(RegisterBody, { username: '', email: '', password: '' });
  const [submitting, setSubmitting] = useState(false);
  const signupsOpen = useSignupsOpen();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    const body = form.validate();
    if (!body) return;
    setSubmitting(true);
    try {
      const res = await register(body);
      toast({ title: 'Success', description: res.message ?? 'Your account has been created.' });
      window.setTimeout(() => {
        window.location.href = '/pricing';
      }, POST_LOGIN_DELAY_MS);
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.fields) form.setErrors(err.fields);
        toast({ title: 'Error', description: err.serverMessage ?? 'Registration failed', variant: 'destructive' });
      } else {
        toast({ title: 'Error', description: 'Failed to create your account. Please try again.', variant: 'destructive' });
      }
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="Create your account"
      subtitle={`Sign up to use ${SITE.name}'s tools with higher limits`}
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-primary hover:underline">
            Log in
          </Link>
        </>
      }
    >
      {signupsOpen ? (
        <>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <FormField label="Username" autoComplete="username" {...form.field('username')} />
            <EmailField {...form.field('email')} />
            <PasswordField {...form.field('password')} />
            <SubmitButton className="mt-2" busy={submitting} busyLabel="Loading...">
              Create account
            </SubmitButton>
          </form>
          <Divider label="Or continue with" />
          <GoogleButton />
        </>
      ) : (
        // Staff closed sign-ups (/admin/features); the server refuses them as well.
        <p role="status" data-testid="signups-closed" className="rounded-lg border border-border bg-muted/50 p-4 text-sm">
          {SIGNUPS_CLOSED_MESSAGE}
        </p>
      )}
    </AuthCard>
  );
}
