import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CheckCircle2, MailX, XCircle } from 'lucide-react';
import { messageOf } from '@/client/lib/api';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { useNewsletterToken, type NewsletterTokenAction } from './api';

const COPY: Record<NewsletterTokenAction, { title: string; loading: string; invalid: string; fallback: string }> = {
  confirm: {
    title: 'Newsletter subscription',
    loading: 'Confirming your subscription…',
    invalid: 'This confirmation link is invalid, has already been used or has expired. Please subscribe again from the form at the bottom of the page.',
    fallback: 'Could not confirm your subscription. Please try again.',
  },
  unsubscribe: {
    title: 'Unsubscribe from the newsletter',
    loading: 'Unsubscribing…',
    invalid: 'This unsubscribe link is invalid or has been replaced by a newer one. Use the link in the most recent e-mail we sent you.',
    fallback: 'Could not unsubscribe you. Please try again.',
  },
};

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-start justify-center bg-gradient-to-b from-secondary/60 to-background px-4 py-10 sm:items-center sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}

/** Landing page of an e-mail link (/newsletter/confirm, /newsletter/unsubscribe): spends the token once and says how it went. */
export function NewsletterTokenPage({ action }: { action: NewsletterTokenAction }) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const copy = COPY[action];
  const result = useNewsletterToken(action, token);

  if (token && result.isPending) {
    return (
      <Shell title={copy.title}>
        <div role="status" aria-live="polite" className="flex items-center justify-center gap-3 py-4 text-sm text-muted-foreground">
          <Spinner className="h-5 w-5 text-primary" />
          {copy.loading}
        </div>
      </Shell>
    );
  }

  if (token && result.isSuccess) {
    return (
      <Shell title={copy.title}>
        <div role="status" className="flex flex-col items-center gap-3 text-center">
          {action === 'confirm' ? (
            <CheckCircle2 className="h-10 w-10 text-success" aria-hidden="true" />
          ) : (
            <MailX className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
          )}
          <p className="text-base font-medium text-foreground">{result.data.message}</p>
          <p className="text-sm text-muted-foreground">
            {action === 'confirm'
              ? 'Every newsletter has an unsubscribe link at the bottom, so you can leave at any time.'
              : 'Changed your mind? You can subscribe again from the form at the bottom of any page.'}
          </p>
          <Button asChild className="mt-2 w-full">
            <Link to="/">Back to Veritext</Link>
          </Button>
        </div>
      </Shell>
    );
  }

  // No token, or the server refused it (4xx), or the network failed.
  const invalid = !token || (result.error as { status?: number } | null)?.status === 400;
  return (
    <Shell title={copy.title}>
      <div role="alert" className="flex flex-col items-center gap-3 text-center">
        <XCircle className="h-10 w-10 text-destructive" aria-hidden="true" />
        <p className="text-sm text-foreground">{invalid ? copy.invalid : messageOf(result.error, copy.fallback)}</p>
        {invalid ? (
          <Button asChild className="mt-2 w-full">
            <Link to="/">Back to Veritext</Link>
          </Button>
        ) : (
          <Button className="mt-2 w-full" onClick={() => void result.refetch()}>
            Try again
          </Button>
        )}
      </div>
    </Shell>
  );
}
