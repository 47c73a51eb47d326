import { Fragment } from 'react';
import { Inbox, RefreshCw } from 'lucide-react';
import { useDevMailbox } from '@/client/features/dev/api';
import { Button } from '@/client/components/ui/button';
import { Notice, PageShell } from '@/client/components/PageShell';
import { PageSpinner } from '@/client/components/ui/spinner';

const URL_RE = /(https?:\/\/[^\s<>"')]+)/g;

/** Plain text with its URLs turned into links. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(URL_RE);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="break-all font-medium text-primary underline underline-offset-2">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** Development mailbox: the server's outbox, so e-mail flows work without SMTP. Not available in production. */
export default function DevMailboxPage() {
  const q = useDevMailbox();

  return (
    <PageShell
      title="Development mailbox"
      description="E-mails this server has sent (or would have sent), newest first."
      actions={
        <Button variant="outline" onClick={() => void q.refetch()} disabled={q.isFetching}>
          <RefreshCw className={q.isFetching ? 'animate-spin' : undefined} aria-hidden="true" /> Refresh
        </Button>
      }
    >
      {q.isLoading ? (
        <PageSpinner label="Loading the mailbox" />
      ) : q.isError ? (
        <Notice title="The mailbox could not be loaded.">{q.error.message}</Notice>
      ) : q.data === null || q.data === undefined ? (
        <Notice title="The development mailbox is not available on this server.">It is turned off in production, where e-mail is delivered by SMTP.</Notice>
      ) : q.data.messages.length === 0 ? (
        <Notice icon={<Inbox className="h-5 w-5" />} title="No e-mails yet.">
          Messages such as password resets will appear here. Transport: {q.data.transport}.
        </Notice>
      ) : (
        <div className="grid gap-4">
          <p className="text-sm text-muted-foreground">Transport: {q.data.transport}</p>
          {q.data.messages.map((m) => (
            <article key={m.id} className="rounded-2xl border border-border bg-card p-5 shadow-sm" aria-labelledby={`mail-${m.id}`}>
              <header className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
                <h2 id={`mail-${m.id}`} className="text-lg font-semibold">
                  {m.subject}
                </h2>
                <time dateTime={m.createdAt} className="shrink-0 text-xs text-muted-foreground">
                  {new Date(m.createdAt).toLocaleString()}
                </time>
              </header>
              <p className="mt-1 text-sm text-muted-foreground">
                To: <span className="font-medium text-foreground">{m.to}</span> · Status: {m.status}
              </p>
              <div className="mt-4 whitespace-pre-wrap break-words rounded-xl bg-surface p-4 text-sm leading-relaxed">
                <Linkified text={m.text} />
              </div>
            </article>
          ))}
        </div>
      )}
    </PageShell>
  );
}
