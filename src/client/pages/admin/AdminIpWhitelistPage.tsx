import { useId, useState } from 'react';
import { useOutletContext } from 'react-router';
import { AlertTriangle, CheckCircle2, Save } from 'lucide-react';
import type { StaffRole } from '@/shared/roles';
import { Button } from '@/client/components/ui/button';
import { Label } from '@/client/components/ui/label';
import { Spinner } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/hooks/use-toast';
import { ApiError, messageOf } from '@/client/lib/api';
import { useIpAllowList, useSaveIpAllowList, type IpAllowListResponse } from '@/client/features/admin/settings-api';
import { visibleAdminItem } from './nav';
import { AdminHeading, NoAccess } from './parts';
import { FieldError, Panel, QueryState } from './settings-parts';

/** /admin/ip-whitelist: the optional allow-list of the administrator area; 'security:manage'. */
export default function AdminIpWhitelistPage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const item = visibleAdminItem('/admin/ip-whitelist', role);
  if (!item) return <NoAccess title="IP Whitelisting" />;
  return <Screen title={item.title} description={item.description} />;
}

function Screen({ title, description }: { title: string; description: string }) {
  const q = useIpAllowList();
  return (
    <>
      <AdminHeading title={title} description={description} />
      <QueryState q={q} what="allow-list">
        {(data) => <Editor key={data.entries.join('\n')} state={data} />}
      </QueryState>
    </>
  );
}

const linesOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((l) => l.trim())
    .filter(Boolean);

function Editor({ state }: { state: IpAllowListResponse }) {
  const uid = useId();
  const [text, setText] = useState(state.entries.join('\n'));
  const [error, setError] = useState<string | undefined>();
  const [lockoutWarning, setLockoutWarning] = useState<string | null>(null);
  const save = useSaveIpAllowList();
  const dirty = linesOf(text).join('\n') !== state.entries.join('\n');

  async function onSave(confirmLockout = false) {
    setError(undefined);
    try {
      const res = await save.mutateAsync({ entries: linesOf(text), confirmLockout });
      setLockoutWarning(null);
      toast({ title: 'Allow-list saved', description: res.entries.length ? `${res.entries.length} entries.` : 'Empty: any address may reach the admin area.' });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setLockoutWarning(err.serverMessage ?? 'This list would lock you out.');
      else {
        if (err instanceof ApiError) setError(err.serverMessage ?? undefined);
        toast({ title: 'Not saved', description: messageOf(err, 'Please try again.'), variant: 'destructive' });
      }
    }
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-2 rounded-xl border border-border bg-card p-4 text-sm" data-testid="your-address">
        {state.yourAddressAllowed ? (
          <CheckCircle2 className="size-4 text-green-600" aria-hidden />
        ) : (
          <AlertTriangle className="size-4 text-amber-600" aria-hidden />
        )}
        Your address as this server sees it: <code className="rounded bg-muted px-1.5 py-0.5">{state.yourAddress}</code>
        {state.entries.length === 0 ? '(no list: every address may reach the admin area)' : state.yourAddressAllowed ? '(on the list)' : '(not on the list)'}
        {!state.entries.includes(state.yourAddress) && (
          <Button variant="link" className="h-auto p-0" onClick={() => setText((t) => (t.trim() ? `${t.trim()}\n${state.yourAddress}` : state.yourAddress))}>
            Add it
          </Button>
        )}
      </div>
      <Panel
        title="Allowed addresses"
        description="One IPv4 or IPv6 address, or CIDR block (e.g. 203.0.113.0/24, 2001:db8::/32), per line. When the list is not empty, staff pages, the staff API and staff sign-in answer only to these addresses. Leave it empty to allow every address."
      >
        <Label htmlFor={`${uid}-entries`}>Addresses and blocks</Label>
        <Textarea
          id={`${uid}-entries`}
          className="mt-1 font-mono"
          rows={8}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? `${uid}-entries-err` : undefined}
          placeholder={'203.0.113.0/24\n198.51.100.7\n2001:db8::/32'}
        />
        <FieldError id={`${uid}-entries-err`} message={error} />
        {lockoutWarning && (
          <div role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50">
            <p className="font-medium">{lockoutWarning}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button variant="destructive" size="sm" onClick={() => void onSave(true)} disabled={save.isPending}>
                Save anyway and lose access
              </Button>
              <Button variant="outline" size="sm" onClick={() => setLockoutWarning(null)}>
                Cancel
              </Button>
            </div>
          </div>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <Button onClick={() => void onSave()} disabled={!dirty || save.isPending}>
            {save.isPending ? <Spinner className="size-4" /> : <Save className="size-4" aria-hidden />} Save
          </Button>
          <Button
            variant="outline"
            disabled={!dirty || save.isPending}
            onClick={() => (setText(state.entries.join('\n')), setError(undefined), setLockoutWarning(null))}
          >
            Discard
          </Button>
        </div>
      </Panel>
    </div>
  );
}
