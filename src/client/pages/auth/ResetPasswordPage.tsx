import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { z } from 'zod';
import { ResetPasswordBody } from '@/shared/api/auth';
import { messageOf } from '@/client/lib/api';
import { useZodForm } from '@/client/lib/form';
import { Button } from '@/client/components/ui/button';
import { PasswordField } from '@/client/components/FormField';
import { resetPassword } from '@/client/features/auth/api';
import { AuthCard } from './AuthCard';
import { SubmitButton } from './SubmitButton';

const ResetForm = z
  .object({ password: ResetPasswordBody.shape.password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: 'Passwords do not match', path: ['confirm'] });

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useZodForm(ResetForm, { password: '', confirm: '' });
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const values = form.validate();
    if (!values || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const res = await resetPassword({ token, password: values.password });
      setDone(res.message);
    } catch (err) {
      setError(messageOf(err, 'Could not reset the password. Please try again.'));
    } finally {
      setSubmitting(false);
    }
  };

  if (!token) {
    return (
      <AuthCard title="Reset your password">
        <div role="alert" className="grid gap-4 text-center">
          <p className="text-sm text-muted-foreground">This reset link is invalid. Request a new one to continue.</p>
          <Button asChild>
            <Link to="/forgot-password">Request a new link</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset your password" subtitle="Choose a new password of at least 6 characters.">
      {done ? (
        <div role="status" className="flex flex-col items-center gap-3 text-center">
          <CheckCircle2 className="h-10 w-10 text-success" aria-hidden="true" />
          <p className="text-sm text-foreground">{done}</p>
          <Button asChild className="w-full">
            <Link to="/login">Go to login</Link>
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <PasswordField label="New password" {...form.field('password')} />
          <PasswordField label="Confirm password" {...form.field('confirm')} />
          {error && (
            <div role="alert" className="grid gap-1 text-sm">
              <p className="font-medium text-destructive">{error}</p>
              <Link to="/forgot-password" className="font-medium text-primary hover:underline">
                Request a new link
              </Link>
            </div>
          )}
          <SubmitButton busy={submitting} busyLabel="Saving...">
            Reset password
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
