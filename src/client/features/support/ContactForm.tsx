import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Send } from 'lucide-react';
import { CreateTicketBody, SUPPORT_MESSAGE_MAX, SUPPORT_NAME_MAX, SUPPORT_SUBJECT_MAX } from '@/shared/api/support';
import { ApiError, messageOf } from '@/client/lib/api';
import { useCurrentUser } from '@/client/lib/auth';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { BusyLabel } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { useCreateTicket } from './api';

type Field = 'name' | 'email' | 'subject' | 'message';
const FIELDS: Field[] = ['name', 'email', 'subject', 'message'];

/**
 * The Contact page's form: it opens a support ticket. Visitors give an address for the answer; a logged-in user's
 * ticket uses the account's address and appears under /account. The shared zod contract validates before sending.
 */
export function ContactForm() {
  const id = useId();
  const { user } = useCurrentUser();
  const create = useCreateTicket();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', subject: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const refs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const doneRef = useRef<HTMLDivElement>(null);

  // Prefill from the account once it is known (without overwriting what the user already typed).
  useEffect(() => {
    if (user) setValues((v) => ({ ...v, name: v.name || user.username, email: user.email }));
  }, [user]);

  useEffect(() => {
    if (create.isSuccess) doneRef.current?.focus();
  }, [create.isSuccess]);

  const set = (f: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [f]: e.target.value }));
    if (errors[f]) setErrors((old) => ({ ...old, [f]: undefined }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const input = { ...values, email: user ? undefined : values.email };
    const parsed = CreateTicketBody.safeParse(input);
    const found: Partial<Record<Field, string>> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
    if (!user && !values.email.trim()) found.email = 'Please enter your e-mail address so we can answer you.';
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first || !parsed.success) {
      if (first) refs.current[first]?.focus();
      return;
    }
    create.mutate(parsed.data, {
      onError: (err) => {
        // The server's field messages go next to their fields.
        if (err instanceof ApiError && err.fields) setErrors(err.fields as Partial<Record<Field, string>>);
      },
    });
  };

  if (create.isSuccess) {
    const { ticket, message } = create.data;
    return (
      <div
        ref={doneRef}
        tabIndex={-1}
        role="status"
        data-testid="contact-confirmation"
        className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 focus-visible:outline-none sm:p-8"
      >
        <CheckCircle2 className="h-8 w-8 text-emerald-600" aria-hidden="true" />
        <h2 className="mt-3 text-xl font-semibold text-slate-900">Message sent</h2>
        <p className="mt-2 text-sm text-slate-700">{message}</p>
        <p className="mt-2 text-sm text-slate-700">
          Your reference: <span className="font-mono font-semibold">{ticket.reference}</span>
        </p>
        <div className="mt-5 flex flex-wrap gap-3">
          {user && (
            <Button asChild>
              <Link to="/account#support">See your requests</Link>
            </Button>
          )}
          <Button
            variant="outline"
            onClick={() => {
              setValues((v) => ({ ...v, subject: '', message: '' }));
              create.reset();
            }}
          >
            Send another message
          </Button>
        </div>
      </div>
    );
  }

  const serverError =
    create.isError && !(create.error instanceof ApiError && create.error.fields)
      ? messageOf(create.error, 'Your message could not be sent. Please try again.')
      : null;

  const fieldProps = (f: Field) => ({
    id: `${id}-${f}`,
    value: values[f],
    onChange: set(f),
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f] ? `${id}-${f}-error` : undefined,
  });
  const errorOf = (f: Field) =>
    errors[f] ? (
      <p id={`${id}-${f}-error`} className="mt-1 text-sm text-red-600">
        {errors[f]}
      </p>
    ) : null;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 p-6 shadow-sm sm:p-8"
      data-testid="contact-form"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        Send us a message
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {user ? 'The answer will be e-mailed to you and shown on your account page.' : 'We answer by e-mail. A person reads every message.'}
      </p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input
            {...fieldProps('name')}
            ref={(el) => {
              refs.current.name = el;
            }}
            className="mt-1.5"
            autoComplete="name"
            maxLength={SUPPORT_NAME_MAX}
          />
          {errorOf('name')}
        </div>
        <div>
          <Label htmlFor={`${id}-email`}>E-mail</Label>
          <Input
            {...fieldProps('email')}
            ref={(el) => {
              refs.current.email = el;
            }}
            className="mt-1.5"
            type="email"
            autoComplete="email"
            readOnly={Boolean(user)}
            aria-readonly={user ? true : undefined}
          />
          {user && !errors.email && <p className="mt-1 text-xs text-slate-500">Your account&apos;s address.</p>}
          {errorOf('email')}
        </div>
        <div className="sm:col-span-2">
          <Label htmlFor={`${id}-subject`}>Subject</Label>
          <Input
            {...fieldProps('subject')}
            ref={(el) => {
              refs.current.subject = el;
            }}
            className="mt-1.5"
            maxLength={SUPPORT_SUBJECT_MAX}
          />
          {errorOf('subject')}
        </div>
        <div className="sm:col-span-2">
          <Label htmlFor={`${id}-message`}>Message</Label>
          <Textarea
            {...fieldProps('message')}
            ref={(el) => {
              refs.current.message = el;
            }}
            className="mt-1.5"
            rows={7}
            maxLength={SUPPORT_MESSAGE_MAX}
          />
          <div className="mt-1 flex justify-between gap-3">
            <div>{errorOf('message')}</div>
            <span className="shrink-0 text-xs text-slate-500 tabular-nums">
              {values.message.length}/{SUPPORT_MESSAGE_MAX}
            </span>
          </div>
        </div>
      </div>
      {serverError && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {serverError}
        </p>
      )}
      <Button type="submit" className="mt-6" disabled={create.isPending} aria-busy={create.isPending}>
        <BusyLabel busy={create.isPending} label="Sending...">
          <Send /> Send message
        </BusyLabel>
      </Button>
    </form>
  );
}
