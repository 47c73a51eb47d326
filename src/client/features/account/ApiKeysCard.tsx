import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, Copy, KeyRound, Plus } from 'lucide-react';
import { formatDate, formatDateTime } from '@/shared/format';
import { DEFAULT_PLANS } from '@/shared/plans';
import { messageOf } from '@/client/lib/api';
import { toast } from '@/client/hooks/use-toast';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { FormField } from '@/client/components/FormField';
import { LoadError } from '@/client/components/LoadError';
import { Skeleton } from '@/client/features/usage/parts';
import { AccountSection } from './AccountSection';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, type ApiKeySummary, type CreateApiKeyResponse } from './api-keys-api';

/** The endpoint the example calls: the detector, the tool most integrations start with. */
const EXAMPLE_PATH = '/api/tools/content-detector';

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: `${what} copied to clipboard` });
  } catch {
    toast({ title: 'Copy failed', description: 'Select the text and copy it by hand.', variant: 'destructive' });
  }
}

/** Account → API keys: create a key (shown once), see when each was last used, revoke it. Pro and Agency plans only. */
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
      description="Call the tools from your own code. Requests made with a key count against your plan, just like on the website."
    >
      {body}
    </AccountSection>
  );
}

function CreateForm({ atMax, max, onCreated }: { atMax: boolean; max: number; onCreated: (c: CreateApiKeyResponse) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateApiKey();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (create.isPending) return;
    if (!name.trim()) return setError('Give the key a name, e.g. where it will be used');
    try {
      onCreated(await create.mutateAsync(name.trim()));
      setName('');
    } catch (err) {
      setError(messageOf(err, 'The key could not be created. Please try again.'));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-start gap-3">
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
      <Button type="submit" className="sm:mt-[1.375rem]" disabled={create.isPending || atMax} aria-busy={create.isPending}>
        {create.isPending ? <Spinner /> : <Plus />} Create key
      </Button>
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
        <table className="w-full min-w-[34rem] text-left text-sm" data-testid="api-keys">
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Name
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Key
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Created
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
                <td className="px-3 py-2.5 whitespace-nowrap">{formatDate(k.createdAt)}</td>
                <td className="px-3 py-2.5 whitespace-nowrap text-muted-foreground">{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never'}</td>
                <td className="py-2.5 pl-3 text-right whitespace-nowrap">
                  {k.status === 'active' ? (
                    <Button type="button" variant="outline" size="sm" onClick={() => setRevoking(k)} aria-label={`Revoke the key ${k.name}`}>
                      Revoke
                    </Button>
                  ) : (
                    <Badge variant="secondary">Revoked {k.revokedAt ? formatDate(k.revokedAt) : ''}</Badge>
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
        Every tool under <code>/api/tools/</code> takes the same header. Errors come back as <code>{'{"error": {"code", "message"}}'}</code>; a revoked or
        mistyped key gets <code>401 invalid_api_key</code>.
      </p>
    </div>
  );
}
