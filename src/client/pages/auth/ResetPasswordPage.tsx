import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { z } from 'zod';
import { ResetPasswordBody } from '@/shared/api/auth';
import { apiJson, messageOf } from '@/client/lib/api';
import { useZodForm } from '@/client/lib/form';
import { Button } from '@/client/components/ui/button';
import { BusyLabel } from '@/client/components/ui/spinner';
import { FormField } from '@/client/components/FormField';
import { AuthCard } from './AuthCard';

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
      const res = await apiJson<{ message: string }>('POST', '/api/auth/reset-password', { token, password: values.password });
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
          <FormField
            label="New password"
            type="password"
            autoComplete="new-password"
            {...form.field('password')}
          />
          <FormField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            {...form.field('confirm')}
          />
          {error && (
            <div role="alert" className="grid gap-1 text-sm">
              <p className="font-medium text-destructive">{error}</p>
              <Link to="/forgot-password" className="font-medium text-primary hover:underline">
                Request a new link
              </Link>
            </div>
          )}
          <Button type="submit" className="w-full" disabled={submitting} aria-busy={submitting}>
            <BusyLabel busy={submitting} label="Saving...">
              Reset password
            </BusyLabel>
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
