import { useOutletContext } from 'react-router';
import { CATEGORY_LABELS, TOOLS } from '@/shared/catalogue';
import { TOGGLEABLE_TOOL_IDS, type Settings } from '@/shared/settings';
import type { StaffRole } from '@/shared/roles';
import { Badge } from '@/client/components/ui/badge';
import { toast } from '@/client/hooks/use-toast';
import { messageOf } from '@/client/lib/api';
import { useAdminSettings, useSaveSettings } from '@/client/features/admin/settings-api';
import { TOOL_PAGES } from '../tools/registry';
import { visibleAdminItem } from './nav';
import { AdminHeading, NoAccess } from './parts';
import { Panel, QueryState, Switch, SwitchRow } from './settings-parts';

const TOGGLEABLE = TOOLS.filter((t) => TOGGLEABLE_TOOL_IDS.includes(t.id));

/** /admin/features: turn each tool and sign-ups on and off, live; 'settings:edit'. */
export default function AdminFeaturesPage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const item = visibleAdminItem('/admin/features', role);
  if (!item) return <NoAccess title="Feature Toggles" />;
  return <Features title={item.title} description={item.description} />;
}

function Features({ title, description }: { title: string; description: string }) {
  const q = useAdminSettings();
  return (
    <>
      <AdminHeading title={title} description={description} />
      <QueryState q={q} what="feature toggles">
        {(data) => <Toggles settings={data.settings} />}
      </QueryState>
    </>
  );
}

function Toggles({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  // Each switch saves at once: the change applies to every server within seconds.
  async function apply(patch: { signupsOpen?: boolean; disabledTools?: string[] }, what: string) {
    try {
      await save.mutateAsync(patch);
      toast({ title: 'Saved', description: what });
    } catch (err) {
      toast({ title: 'Not saved', description: messageOf(err, 'Please try again.'), variant: 'destructive' });
    }
  }
  const off = new Set(settings.disabledTools);
  const setTool = (id: string, name: string, on: boolean) => {
    const next = on ? settings.disabledTools.filter((t) => t !== id) : [...settings.disabledTools, id];
    void apply({ disabledTools: next }, `${name} turned ${on ? 'on' : 'off'}.`);
  };

  return (
    <div className="grid gap-6">
      <Panel title="Accounts">
        <SwitchRow
          title="Sign-ups"
          description="New accounts, with a password or with Google. Existing accounts still log in when this is off."
          checked={settings.signupsOpen}
          disabled={save.isPending}
          onChange={(v) => void apply({ signupsOpen: v }, `Sign-ups ${v ? 'opened' : 'closed'}.`)}
          testId="toggle-signups"
        />
      </Panel>
      <Panel
        title="Tools"
        description={`${TOGGLEABLE.length - off.size} of ${TOGGLEABLE.length} tools on. A tool turned off says so on its page, and its API answers 503.`}
      >
        <div className="-mx-5 overflow-x-auto">
          <table className="w-full min-w-[32rem] text-sm">
            <thead className="text-left text-muted-foreground">
              <tr className="border-b border-border">
                <th className="px-5 py-2 font-medium">Tool</th>
                <th className="px-3 py-2 font-medium">Category</th>
                <th className="px-3 py-2 font-medium">On this server</th>
                <th className="px-5 py-2 text-right font-medium">On</th>
              </tr>
            </thead>
            <tbody>
              {TOGGLEABLE.map((t) => (
                <tr key={t.id} className="border-b border-border last:border-0" data-testid={`tool-row-${t.id}`}>
                  <td className="px-5 py-2 font-medium">{t.name}</td>
                  <td className="px-3 py-2 text-muted-foreground">{CATEGORY_LABELS[t.category]}</td>
                  <td className="px-3 py-2">
                    {TOOL_PAGES[t.id] ? <Badge variant="secondary">Working</Badge> : <Badge variant="outline">Not installed</Badge>}
                  </td>
                  <td className="px-5 py-2 text-right">
                    <Switch checked={!off.has(t.id)} label={`${t.name} on`} disabled={save.isPending} onChange={(v) => setTool(t.id, t.name, v)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Panel>
    </div>
  );
}
