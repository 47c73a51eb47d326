import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, Copy, KeyRound, Plus } from 'lucide-react';
import { API_KEY_EXPIRY_CHOICES, API_SCOPES } from '@/shared/api/api-keys';
import { findTool } from '@/shared/catalogue';
import { formatDate, formatDateTime } from '@/shared/format';
import { DEFAULT_PLANS } from '@/shared/plans';
import { messageOf } from '@/client/lib/api';
import { toast } from '@/client/hooks/use-toast';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { FormField } from '@/client/components/FormField';
import { Label } from '@/client/components/ui/label';
import { LoadError } from '@/client/components/LoadError';
import { Skeleton } from '@/client/features/usage/parts';
import { AccountSection } from './AccountSection';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, type ApiKeySummary, type CreateApiKeyResponse } from './api-keys-api';

/** The endpoint the example calls: the detector, the tool most integrations start with. */
const EXAMPLE_PATH = '/api/v1/tools/content-detector';

const DAY_MS = 24 * 60 * 60 * 1000;
const toolName = (id: string) => findTool(id)?.name ?? id;
/** The tools a key can be limited to, by name. */
const SCOPE_TOOLS = API_SCOPES.map((id) => ({ id, name: toolName(id) })).sort((a, b) => a.name.localeCompare(b.name));
const expiryLabel = (days: number | null) => (days === null ? 'Never' : days === 365 ? '1 year' : `${days} days`);

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: `${what} copied to clipboard` });
  } catch {
    toast({ title: 'Copy failed', description: 'Select the text and copy it by hand.', variant: 'destructive' });
  }
}

/**
 * Account → API keys: create a key (shown once) for all tools or some, with an optional expiry; see each key's tools,
 * expiry and last use; revoke it. Pro and Agency plans only.
 */
export function ApiKeysCard({ className }: { className?: string }) {
  const keys = useApiKeys();
  // The full key, held only until the user dismisses it: the server keeps a hash and cannot show it again.
  const [created, setCreated] = useState<CreateApiKeyResponse | null>(null);

  let body;
  if (keys.isLoading) {
    body = (
      <div role="status" aria-label="Loading API keys" className="grid gap-2">
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
      </div>
    );
  } else if (keys.isError || !keys.data) {
    body = <LoadError what="Your API keys" error={keys.error} onRetry={() => void keys.refetch()} />;
  } else {
    const { items, allowed, plans, max } = keys.data;
    const active = items.filter((k) => k.status === 'active').length;
    body = (
      <div className="grid gap-5">
        {!allowed && (
          <p className="rounded-lg border bg-muted/40 p-3 text-sm" data-testid="api-keys-upgrade">
            API keys are included in the {plans.map((p) => DEFAULT_PLANS[p].name).join(' and ')} plans.{' '}
            <Link to="/pricing" className="font-medium text-primary hover:underline">
              Upgrade
            </Link>{' '}
            to call the tools from your own code.
            {items.some((k) => k.status === 'active') && ' Your existing keys are paused until then.'}
          </p>
        )}
        {created && <NewKey created={created} onDone={() => setCreated(null)} />}
        {allowed && <CreateForm atMax={active >= max} max={max} onCreated={setCreated} />}
        {(allowed || items.length > 0) && (
          <>
            <KeyList items={items} />
            <Example />
          </>
        )}
      </div>
    );
  }

  return (
    <AccountSection
      id="api-keys"
      className={className}
      title="API keys"
      description="Call the tools from your own code through the public API (/api/v1). Requests made with a key count against your plan, just like on the website."
    >
      {body}
    </AccountSection>
  );
}

function CreateForm({ atMax, max, onCreated }: { atMax: boolean; max: number; onCreated: (c: CreateApiKeyResponse) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  // null: every tool of the plan (the default); a set: only these
  const [scopes, setScopes] = useState<Set<string> | null>(null);
  const [scopeError, setScopeError] = useState<string | undefined>();
  const [expiry, setExpiry] = useState<string>('never');
  const create = useCreateApiKey();
  const ids = useId();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (create.isPending) return;
    if (!name.trim()) return setError('Give the key a name, e.g. where it will be used');
    if (scopes && scopes.size === 0) return setScopeError('Pick at least one tool, or tick All tools');
    const days = expiry === 'never' ? null : Number(expiry);
    try {
      onCreated(
        await create.mutateAsync({
          name: name.trim(),
          scopes: scopes ? API_SCOPES.filter((id) => scopes.has(id)) : null,
          expiresAt: days === null ? null : new Date(Date.now() + days * DAY_MS).toISOString(),
        }),
      );
      setName('');
      setScopes(null);
      setExpiry('never');
    } catch (err) {
      setError(messageOf(err, 'The key could not be created. Please try again.'));
    }
  }

  function toggle(id: string, on: boolean) {
    const next = new Set(scopes ?? []);
    if (on) next.add(id);
    else next.delete(id);
    setScopes(next);
    setScopeError(undefined);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-lg border p-4" aria-label="Create an API key">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-52 flex-1">
          <FormField
            label="Key name"
            name="api-key-name"
            placeholder="e.g. Zapier, CI pipeline"
            maxLength={60}
            autoComplete="off"
            value={name}
            error={error ?? (atMax ? `You have ${max} active keys, the most an account may hold. Revoke one to create another.` : undefined)}
            onChange={(e) => {
              setName(e.target.value);
              setError(undefined);
            }}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-expiry`}>Expires</Label>
          <select
            id={`${ids}-expiry`}
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm"
          >
            {API_KEY_EXPIRY_CHOICES.map((d) => (
              <option key={d ?? 'never'} value={d === null ? 'never' : String(d)}>
                {d === null ? 'Never' : `In ${expiryLabel(d)}`}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="grid gap-2" aria-describedby={scopeError ? `${ids}-scope-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">Tools this key may use</legend>
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={scopes === null}
            onChange={(e) => {
              setScopes(e.target.checked ? null : new Set());
              setScopeError(undefined);
            }}
          />
          All tools of your plan
        </label>
        {scopes !== null && (
          <div className="grid gap-x-4 gap-y-1.5 rounded-md bg-muted/40 p-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="api-key-scopes">
            {SCOPE_TOOLS.map((t) => (
              <label key={t.id} className="inline-flex items-center gap-2 text-sm">
                <input type="checkbox" className="size-4 accent-primary" checked={scopes.has(t.id)} onChange={(e) => toggle(t.id, e.target.checked)} />
                {t.name}
              </label>
            ))}
          </div>
        )}
        {scopeError && (
          <p id={`${ids}-scope-error`} className="text-sm font-medium text-destructive">
            {scopeError}
          </p>
        )}
      </fieldset>
      <div>
        <Button type="submit" disabled={create.isPending || atMax} aria-busy={create.isPending}>
          {create.isPending ? <Spinner /> : <Plus />} Create key
        </Button>
      </div>
    </form>
  );
}

function NewKey({ created, onDone }: { created: CreateApiKeyResponse; onDone: () => void }) {
  return (
    <div
      role="status"
      className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="flex items-start gap-2 text-sm font-medium">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        Copy your new key “{created.apiKey.name}” now. It will not be shown again; anyone who has it can use your plan.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code data-testid="new-api-key" className="min-w-0 flex-1 break-all rounded-md bg-background px-3 py-2 font-mono text-sm text-foreground">
          {created.key}
        </code>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy(created.key, 'API key')}>
          <Copy /> Copy
        </Button>
      </div>
      <div>
        <Button type="button" size="sm" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </div>
  );
}

function KeyList({ items }: { items: ApiKeySummary[] }) {
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  if (items.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="api-keys-empty">
        <KeyRound className="size-4" aria-hidden /> No API keys yet.
      </p>
    );
  }
  return (
    <>
      {/* relative: keeps the sr-only header text inside the scroller on a phone */}
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[44rem] text-left text-sm" data-testid="api-keys">
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Name
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Key
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Tools
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Created
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Expires
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Last used
              </th>
              <th scope="col" className="py-2 pl-3 font-medium">
                <span className="sr-only">Status and actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((k) => (
              <tr key={k.id} className="border-t" data-testid="api-key-row">
                <td className="py-2.5 pr-3 font-medium">{k.name}</td>
                <td className="px-3 py-2.5 font-mono text-xs whitespace-nowrap">{k.prefix}…</td>
                <td className="max-w-56 px-3 py-2.5" data-testid="api-key-tools">
                  <Scopes scopes={k.scopes} />
                </td>
                <td className="px-3 py-2.5 whitespace-nowrap">{formatDate(k.createdAt)}</td>
                <td className="px-3 py-2.5 whitespace-nowrap" data-testid="api-key-expires">
                  {k.expiresAt ? formatDate(k.expiresAt) : <span className="text-muted-foreground">Never</span>}
                </td>
                <td className="px-3 py-2.5 whitespace-nowrap text-muted-foreground" data-testid="api-key-last-used">
                  {k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never'}
                </td>
                <td className="py-2.5 pl-3 text-right whitespace-nowrap">
                  {k.status === 'revoked' ? (
                    <Badge variant="secondary">Revoked {k.revokedAt ? formatDate(k.revokedAt) : ''}</Badge>
                  ) : (
                    <span className="inline-flex items-center gap-2">
                      {k.status === 'expired' && <Badge variant="secondary">Expired</Badge>}
                      <Button type="button" variant="outline" size="sm" onClick={() => setRevoking(k)} aria-label={`Revoke the key ${k.name}`}>
                        Revoke
                      </Button>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

/** "All tools", or the tools by name (the first three, then how many more, all of them in the title). */
function Scopes({ scopes }: { scopes: string[] | null }) {
  if (!scopes) return <span className="text-muted-foreground">All tools</span>;
  const names = scopes.map(toolName);
  const shown = names.slice(0, 3).join(', ');
  return <span title={names.join(', ')}>{names.length > 3 ? `${shown} +${names.length - 3} more` : shown}</span>;
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKeySummary | null; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  async function onRevoke() {
    if (!apiKey) return;
    try {
      await revoke.mutateAsync(apiKey.id);
      toast({ title: 'Key revoked', description: `Requests with ${apiKey.prefix}… are now refused.` });
      onClose();
    } catch (err) {
      toast({ title: 'The key was not revoked', description: messageOf(err, 'Please try again.'), variant: 'destructive' });
    }
  }
  return (
    <Dialog open={apiKey !== null} onOpenChange={(o) => !o && !revoke.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Revoke “{apiKey?.name}”?</DialogTitle>
          <DialogDescription>
            Programs using the key {apiKey?.prefix}… stop working at once. This cannot be undone; you can create a new key afterwards.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={revoke.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void onRevoke()} disabled={revoke.isPending} aria-busy={revoke.isPending}>
            {revoke.isPending && <Spinner />} Revoke key
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Example() {
  const command = `curl ${window.location.origin}${EXAMPLE_PATH} \\
  -H "Authorization: Bearer YOUR_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"text": "Paste the text to check here."}'`;
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium">Example: check a text with the AI detector</p>
        <Button type="button" variant="ghost" size="sm" onClick={() => void copy(command, 'Example')}>
          <Copy /> Copy
        </Button>
      </div>
      <pre className="overflow-x-auto rounded-md bg-muted px-3 py-2 font-mono text-xs" data-testid="api-key-example">
        {command}
      </pre>
      <p className="text-xs text-muted-foreground">
        Every tool is at <code>/api/v1/tools/&lt;tool&gt;</code> with the same header; <code>GET /api/v1/me</code> shows your plan and what is left. Errors come
        back as <code>{'{"error": {"code", "message"}}'}</code>: a revoked or mistyped key gets <code>401 invalid_api_key</code>, a tool outside the key&rsquo;s
        scopes <code>403 scope</code>, too many requests a minute <code>429</code> with <code>Retry-After</code>. Add an <code>Idempotency-Key</code> header to
        make a POST safe to retry.{' '}
        <Link to="/developers" className="font-medium text-primary hover:underline">
          API documentation
        </Link>
      </p>
    </div>
  );
}
