import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ChevronDown, LifeBuoy, Send } from 'lucide-react';
import { SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_MIN, TICKET_STATUS_LABELS, type TicketStatus, type TicketSummary } from '@/shared/api/support';
import { messageOf } from '@/client/lib/api';
import { cn } from '@/client/lib/utils';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Label } from '@/client/components/ui/label';
import { BusyLabel, Spinner } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { useMyTicket, useMyTickets, useReplyToTicket } from '@/client/features/support/api';
import { AccountSection } from './AccountSection';

export function TicketStatusBadge({ status, lastFromStaff }: { status: TicketStatus; lastFromStaff?: boolean }) {
  if (status === 'answered' || (status === 'open' && lastFromStaff)) return <Badge className="bg-emerald-100 text-emerald-800">Answered</Badge>;
  if (status === 'closed') return <Badge variant="secondary">Closed</Badge>;
  return <Badge variant="warning">{TICKET_STATUS_LABELS.open}</Badge>;
}

function when(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** /account: the user's support requests (from the Contact page), each thread readable and answerable here. */
export function SupportCard({ className }: { className?: string }) {
  const tickets = useMyTickets();
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <AccountSection
      id="support"
      className={className}
      title="Support requests"
      description={
        <>
          Messages you sent through the{' '}
          <Link to="/contact" className="font-medium text-primary underline">
            Contact page
          </Link>{' '}
          and our answers.
        </>
      }
    >
      {tickets.isPending ? (
        <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading your requests…
        </div>
      ) : tickets.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-600">
          {messageOf(tickets.error, 'Your requests could not be loaded.')}
          <Button variant="outline" size="sm" onClick={() => void tickets.refetch()}>
            Try again
          </Button>
        </div>
      ) : tickets.data.items.length === 0 ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <LifeBuoy className="size-5" aria-hidden />
          You have not contacted support yet.
          <Button asChild variant="outline" size="sm">
            <Link to="/contact">Contact support</Link>
          </Button>
        </div>
      ) : (
        <ul className="divide-y rounded-xl border" data-testid="support-tickets">
          {tickets.data.items.map((t) => (
            <TicketItem key={t.id} ticket={t} open={openId === t.id} onToggle={() => setOpenId(openId === t.id ? null : t.id)} />
          ))}
        </ul>
      )}
    </AccountSection>
  );
}

function TicketItem({ ticket, open, onToggle }: { ticket: TicketSummary; open: boolean; onToggle: () => void }) {
  const panelId = `ticket-${ticket.id}`;
  return (
    <li>
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={panelId}
        className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <div className="min-w-0 flex-1">
          <div className="truncate font-medium">{ticket.subject}</div>
          <div className="text-xs text-muted-foreground">
            {ticket.reference} · updated {when(ticket.updatedAt)} · {ticket.messages} {ticket.messages === 1 ? 'message' : 'messages'}
          </div>
        </div>
        <TicketStatusBadge status={ticket.status} lastFromStaff={ticket.lastFromStaff} />
        <ChevronDown className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      {open && (
        <div id={panelId} className="border-t bg-muted/20 px-4 py-4">
          <Thread id={ticket.id} />
        </div>
      )}
    </li>
  );
}

function Thread({ id }: { id: string }) {
  const thread = useMyTicket(id);
  const reply = useReplyToTicket(id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (thread.isPending)
    return (
      <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading the conversation…
      </div>
    );
  if (thread.isError) return <p className="text-sm text-red-600">{messageOf(thread.error, 'The conversation could not be loaded.')}</p>;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const text = body.trim();
    if (text.length < SUPPORT_MESSAGE_MIN) return setError(`Please write at least ${SUPPORT_MESSAGE_MIN} characters.`);
    setError(null);
    reply.mutate(text, { onSuccess: () => setBody(''), onError: (err) => setError(messageOf(err, 'Your answer could not be sent.')) });
  };

  return (
    <>
      <ol className="space-y-3" aria-label="Conversation">
        {thread.data.messages.map((m) => (
          <li key={m.id} className={cn('rounded-lg border p-3 text-sm', m.fromStaff ? 'border-primary/30 bg-primary/5' : 'bg-background')}>
            <div className="mb-1 flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
              <span className="font-medium text-foreground">{m.fromStaff ? `${m.author} (support)` : 'You'}</span>
              <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
            </div>
            <p className="whitespace-pre-wrap break-words">{m.body}</p>
          </li>
        ))}
      </ol>
      <form onSubmit={onSubmit} className="mt-4" noValidate>
        <Label htmlFor={`reply-${id}`}>{thread.data.ticket.status === 'closed' ? 'Write again (reopens the request)' : 'Your answer'}</Label>
        <Textarea
          id={`reply-${id}`}
          className="mt-1.5"
          rows={3}
          value={body}
          maxLength={SUPPORT_MESSAGE_MAX}
          onChange={(e) => setBody(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `reply-${id}-error` : undefined}
        />
        {error && (
          <p id={`reply-${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
            {error}
          </p>
        )}
        <Button type="submit" size="sm" className="mt-2" disabled={reply.isPending} aria-busy={reply.isPending}>
          <BusyLabel busy={reply.isPending} label="Sending...">
            <Send /> Send answer
          </BusyLabel>
        </Button>
      </form>
    </>
  );
}
