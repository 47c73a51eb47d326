import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import { ForgotPasswordBody } from '@/shared/api/auth';
import { messageOf } from '@/client/lib/api';
import { useZodForm } from '@/client/lib/form';
import { EmailField } from '@/client/components/FormField';
import { requestPasswordReset } from '@/client/features/auth/api';
import { useDevMailboxAvailable } from '@/client/features/dev/api';
import { AuthCard } from './AuthCard';
import { SubmitButton } from './SubmitButton';

export default function ForgotPasswordPage() {
  const form = useZodForm(ForgotPasswordBody, { email: '' });
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mailbox = useDevMailboxAvailable(sent !== null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (!body || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const res = await requestPasswordReset(body);
      setSent(res.message);
    } catch (err) {
      setError(messageOf(err, 'Could not send the reset link. Please try again.'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your account's e-mail address and we will send you a link to reset it."
      footer={
        <Link to="/login" className="font-medium text-primary hover:underline">
          Back to login
        </Link>
      }
    >
      {sent ? (
        <div role="status" className="flex flex-col items-center gap-3 text-center">
          <MailCheck className="h-10 w-10 text-success" aria-hidden="true" />
          <p className="font-semibold">Check your inbox</p>
          <p className="text-sm text-muted-foreground">{sent}</p>
          {mailbox && (
            <Link to="/dev/mailbox" className="text-sm font-medium text-primary hover:underline">
              Open the development mailbox
            </Link>
          )}
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <EmailField {...form.field('email')} />
          {error && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <SubmitButton busy={submitting} busyLabel="Sending...">
            Send reset link
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
