import { useId, useRef, useState, type FormEvent } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { messageOf } from '@/client/lib/api';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { BusyLabel } from '@/client/components/ui/spinner';
import { useNewsletterSubscribe } from './api';

const INVALID = 'Please enter a valid email address';

/** The footer's newsletter sign-up (double opt-in: the server mails a confirmation link). */
export function NewsletterForm() {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [address, setAddress] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  // Set on success; the message takes focus when it mounts. A requestAnimationFrame could fire before
  // React commits the message on a busy machine, and focus would be lost to the page.
  const focusDone = useRef(false);
  const subscribe = useNewsletterSubscribe();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (subscribe.isPending) return;
    const value = address.trim();
    // The browser's own e-mail check gives a quick hint; the server validates for real.
    if (!value || inputRef.current?.validity.typeMismatch) {
      setFieldError(INVALID);
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    subscribe.mutate(value, {
      onSuccess: () => {
        setAddress('');
        // The field is replaced by the message: keep keyboard focus there instead of losing it to the page.
        focusDone.current = true;
      },
    });
  };

  const serverError = subscribe.isError ? messageOf(subscribe.error, 'Could not subscribe. Please try again.') : null;
  const error = fieldError ?? serverError;
  const errorId = `${id}-error`;

  return (
    <form onSubmit={onSubmit} noValidate className="mt-5" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-sm font-semibold">
        Newsletter
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Product news and writing tips, now and then.</p>
      {subscribe.isSuccess ? (
        <div
          ref={(el) => {
            if (el && focusDone.current) {
              focusDone.current = false;
              el.focus();
            }
          }}
          role="status"
          tabIndex={-1}
          className="mt-3 flex max-w-sm items-start gap-2 rounded-lg border border-border bg-background p-3 text-sm focus-visible:outline-none"
        >
          <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-success" aria-hidden="true" />
          <div>
            <p className="text-foreground">{subscribe.data.message}</p>
            <button
              type="button"
              className="mt-1 font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              onClick={() => {
                subscribe.reset();
                // Back to the field the user is about to type into.
                requestAnimationFrame(() => inputRef.current?.focus());
              }}
            >
              Use another address
            </button>
          </div>
        </div>
      ) : (
        <>
          <div className="mt-3 flex max-w-sm gap-2">
            <label htmlFor={`${id}-address`} className="sr-only">
              Newsletter address
            </label>
            <Input
              ref={inputRef}
              id={`${id}-address`}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@example.com"
              maxLength={254}
              value={address}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              // Read-only rather than disabled while sending: a disabled field drops the keyboard focus.
              readOnly={subscribe.isPending}
              className={subscribe.isPending ? 'opacity-60' : undefined}
              onChange={(e) => {
                setAddress(e.target.value);
                if (fieldError) setFieldError(null);
              }}
            />
            <Button type="submit" disabled={subscribe.isPending} aria-busy={subscribe.isPending} className="shrink-0">
              <BusyLabel busy={subscribe.isPending} label="Sending…">
                Subscribe
              </BusyLabel>
            </Button>
          </div>
          {error && (
            <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-destructive">
              {error}
            </p>
          )}
        </>
      )}
    </form>
  );
}
