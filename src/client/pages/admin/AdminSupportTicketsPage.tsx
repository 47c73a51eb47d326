import { useState, type FormEvent } from 'react';
import { useOutletContext, useSearchParams } from 'react-router';
import { ArrowLeft, Inbox, Lock, MessageSquare, RotateCcw, Send } from 'lucide-react';
import { SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_MIN, TICKET_STATUSES, TICKET_STATUS_LABELS, type TicketStatus, type TicketSummary } from '@/shared/api/support';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Label } from '@/client/components/ui/label';
import { BusyLabel, PageSpinner, Spinner } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/hooks/use-toast';
import { messageOf } from '@/client/lib/api';
import { cn } from '@/client/lib/utils';
import { useAdminTicket, useAdminTickets, useTicketAction } from '@/client/features/admin/support-api';
import type { AdminOutletContext } from './AdminLayout';
import { visibleAdminItem } from './nav';
import { AdminHeading, EmptyList, LoadError, NoAccess, Pager, SearchField, Segmented, useDebouncedSearch, withChanges } from './parts';

const PAGE = 25;

const STATUS_STYLE: Record<TicketStatus, string> = {
  open: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  answered: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  closed: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};

export function TicketBadge({ status }: { status: TicketStatus }) {
  return <Badge className={STATUS_STYLE[status]}>{TICKET_STATUS_LABELS[status]}</Badge>;
}

function when(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** /admin/support-tickets ('support:read'): the tickets from the Contact page, their threads, replies, close and reopen. */
export default function AdminSupportTicketsPage() {
  const { role, permissions } = useOutletContext<AdminOutletContext>();
  const item = visibleAdminItem('/admin/support-tickets', role, permissions);
  if (!item) return <NoAccess title="Support Tickets" />;
  return <Tickets title={item.title} description={item.description} />;
}

function Tickets({ title, description }: { title: string; description: string }) {
  // Filters, page and the open ticket live in the address: a ticket can be linked to and the back button works.
  const [params, setParams] = useSearchParams();
  const status = (TICKET_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as TicketStatus) : '';
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0);
  const selected = params.get('ticket');
  const { q, typed, setTyped } = useDebouncedSearch(params, setParams);

  const update = (changes: Record<string, string>, keepOffset = false) => setParams((prev) => withChanges(prev, changes, keepOffset), { replace: true });

  const list = useAdminTickets({ status, q, offset, limit: PAGE });

  return (
    <>
      <AdminHeading title={title} description={description} />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <Segmented
          label="Status"
          wrap
          value={status}
          onChange={(s) => update({ status: s })}
          options={(['', ...TICKET_STATUSES] as const).map((s) => ({
            value: s,
            label: (
              <>
                {s ? TICKET_STATUS_LABELS[s] : 'All'}
                {s && list.data ? <span className="ml-1.5 tabular-nums opacity-80">{list.data.counts[s]}</span> : null}
              </>
            ),
          }))}
        />
        <form
          role="search"
          className="min-w-60 flex-1"
          onSubmit={(e) => {
            e.preventDefault();
            update({ q: typed.trim() });
          }}
        >
          <SearchField id="tickets-search" label="Search tickets" value={typed} onChange={setTyped} placeholder="Subject, name or e-mail" hideLabel />
        </form>
        {list.isFetching && !list.isPending && <Spinner className="mb-3" />}
      </div>

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <div className={cn(selected && 'hidden xl:block')}>
          {list.isPending ? (
            <PageSpinner />
          ) : list.isError ? (
            <LoadError error={list.error} what="The tickets" retry={() => void list.refetch()} />
          ) : list.data.items.length === 0 ? (
            <EmptyList icon={Inbox}>
              {q || status ? 'No ticket matches these filters.' : 'No support tickets yet. Messages sent from the Contact page appear here.'}
            </EmptyList>
          ) : (
            <>
              <ul className="divide-y overflow-hidden rounded-xl border bg-card" data-testid="tickets-list">
                {list.data.items.map((t) => (
                  <TicketRow key={t.id} ticket={t} active={t.id === selected} onOpen={() => update({ ticket: t.id }, true)} />
                ))}
              </ul>
              <Pager
                offset={offset}
                pageSize={PAGE}
                total={list.data.total}
                onOffset={(o) => update({ offset: String(o) })}
                summary={
                  <>
                    {offset + 1}–{offset + list.data.items.length} of {list.data.total}
                  </>
                }
              />
            </>
          )}
        </div>
        <div>
          {selected ? (
            <TicketThreadView key={selected} id={selected} onBack={() => update({ ticket: '' }, true)} />
          ) : (
            <div className="hidden rounded-xl border border-dashed bg-card p-8 text-center text-sm text-muted-foreground xl:block">
              <MessageSquare className="mx-auto mb-2 size-6" aria-hidden />
              Choose a ticket to read the conversation and reply.
            </div>
          )}
        </div>
      </div>
    </>
  );
}

function TicketRow({ ticket, active, onOpen }: { ticket: TicketSummary; active: boolean; onOpen: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={active ? 'true' : undefined}
        className={cn(
          'flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
          active && 'bg-primary/5',
        )}
      >
        <div className="min-w-0 flex-1">
          <div className="truncate font-medium">{ticket.subject}</div>
          <div className="truncate text-xs text-muted-foreground">
            {ticket.name || ticket.email} · {ticket.email}
            {ticket.userId ? ' · account' : ' · visitor'}
          </div>
          <div className="mt-0.5 text-xs text-muted-foreground">
            {ticket.reference} · {ticket.messages} {ticket.messages === 1 ? 'message' : 'messages'} · {when(ticket.updatedAt)}
          </div>
        </div>
        <TicketBadge status={ticket.status} />
      </button>
    </li>
  );
}

function TicketThreadView({ id, onBack }: { id: string; onBack: () => void }) {
  const thread = useAdminTicket(id);
  const action = useTicketAction(id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (thread.isPending) return <PageSpinner />;
  if (thread.isError)
    return (
      <div role="alert" className="rounded-xl border bg-card p-5 text-sm text-red-600 dark:text-red-400">
        {messageOf(thread.error, 'The ticket could not be loaded.')}
        <div className="mt-3">
          <Button variant="outline" size="sm" onClick={onBack}>
            <ArrowLeft /> Back to the list
          </Button>
        </div>
      </div>
    );
  const { ticket, messages } = thread.data;

  const onReply = (e: FormEvent) => {
    e.preventDefault();
    const text = body.trim();
    if (text.length < SUPPORT_MESSAGE_MIN) return setError(`Please write at least ${SUPPORT_MESSAGE_MIN} characters.`);
    setError(null);
    action.mutate(
      { kind: 'reply', body: text },
      {
        onSuccess: () => {
          setBody('');
          toast({ title: 'Reply sent', description: `E-mailed to ${ticket.email}.` });
        },
        onError: (err) => setError(messageOf(err, 'The reply could not be sent.')),
      },
    );
  };
  const setStatus = (status: 'open' | 'closed') =>
    action.mutate(
      { kind: 'status', status },
      {
        onSuccess: () => toast({ title: status === 'closed' ? 'Ticket closed' : 'Ticket reopened' }),
        onError: (err) => toast({ title: 'The change was refused', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
      },
    );

  return (
    <section aria-labelledby="ticket-title" className="rounded-xl border bg-card p-4 sm:p-5" data-testid="ticket-thread">
      <Button variant="ghost" size="sm" className="mb-2 xl:hidden" onClick={onBack}>
        <ArrowLeft /> All tickets
      </Button>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="ticket-title" className="break-words text-lg font-semibold">
            {ticket.subject}
          </h2>
          <p className="text-sm text-muted-foreground">
            {ticket.reference} · {ticket.name} &lt;{ticket.email}&gt; · {ticket.userId ? `account ${ticket.username ?? ''}` : 'visitor (linked by e-mail only)'}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <TicketBadge status={ticket.status} />
          {ticket.status === 'closed' ? (
            <Button variant="outline" size="sm" disabled={action.isPending} onClick={() => setStatus('open')}>
              <RotateCcw /> Reopen
            </Button>
          ) : (
            <Button variant="outline" size="sm" disabled={action.isPending} onClick={() => setStatus('closed')}>
              <Lock /> Close
            </Button>
          )}
        </div>
      </div>
      <ol className="mt-4 space-y-3" aria-label="Conversation">
        {messages.map((m) => (
          <li
            key={m.id}
            className={cn('rounded-lg border p-3 text-sm', m.fromStaff ? 'ml-4 border-primary/30 bg-primary/5 sm:ml-10' : 'mr-4 bg-background sm:mr-10')}
          >
            <div className="mb-1 flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
              <span className="font-medium text-foreground">
                {m.author}
                {m.fromStaff && ' (staff)'}
              </span>
              <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
            </div>
            <p className="whitespace-pre-wrap break-words">{m.body}</p>
          </li>
        ))}
      </ol>
      <form onSubmit={onReply} noValidate className="mt-4">
        <Label htmlFor="ticket-reply">Reply</Label>
        <Textarea
          id="ticket-reply"
          className="mt-1.5"
          rows={5}
          value={body}
          maxLength={SUPPORT_MESSAGE_MAX}
          onChange={(e) => setBody(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby="ticket-reply-help"
        />
        <p id="ticket-reply-help" className={cn('mt-1 text-xs', error ? 'text-red-600' : 'text-muted-foreground')} role={error ? 'alert' : undefined}>
          {error ?? `The reply is e-mailed to ${ticket.email} and the ticket is marked answered.`}
        </p>
        <Button type="submit" className="mt-3" disabled={action.isPending} aria-busy={action.isPending}>
          <BusyLabel busy={action.isPending && action.variables?.kind === 'reply'} label="Sending...">
            <Send /> Send reply
          </BusyLabel>
        </Button>
      </form>
    </section>
  );
}
