import { useId, useState, type KeyboardEvent } from 'react';
import { Link, useOutletContext } from 'react-router';
import { Save } from 'lucide-react';
import { SettingsPatch, type ClaimOverrides, type Settings } from '@/shared/settings';
import { ANON_LIMITS, type AnonAllowance } from '@/shared/limits';
import type { StaffRole } from '@/shared/roles';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Spinner } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/hooks/use-toast';
import { ApiError, messageOf } from '@/client/lib/api';
import { useAdminSettings, useSaveSettings } from '@/client/features/admin/settings-api';
import { visibleAdminItem } from './nav';
import { AdminHeading, NoAccess } from './parts';
import { FieldError, Panel, QueryState, SwitchRow } from './settings-parts';

const TABS = [
  { id: 'general', label: 'General' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'access', label: 'Access & Permissions' },
  { id: 'advanced', label: 'Advanced' },
] as const;
type Tab = (typeof TABS)[number]['id'];

const ANON_LABELS: Record<AnonAllowance, string> = {
  detect: 'AI detections',
  humanize: 'Humanizations',
  rewrite: 'Rewrites',
  summarize: 'Summaries',
  shorten: 'Sentence shortenings',
  expand: 'Text expansions',
  grammar: 'Grammar checks',
  plagiarism: 'Plagiarism checks',
  keywords: 'Keyword extractions',
  hashtags: 'Hashtag suggestions',
  seo: 'SEO analyses',
  code: 'Code explanations (offline)',
  generate: 'Content and code generation (language model)',
  speech: 'Text-to-speech recordings',
  caption: 'Image captions',
  deepfake: 'Deepfake checks',
};
const ANON_KEYS = Object.keys(ANON_LIMITS) as AnonAllowance[];

/** The home page figures staff may word themselves; the placeholder says what shows when the field is empty. */
const CLAIM_FIELDS: [keyof ClaimOverrides, string, string][] = [
  ['piecesAnalysed', 'Pieces analysed', 'Empty: the real count of checks'],
  ['accuracy', 'Accuracy', "Empty: the detector's measured AUROC"],
  ['activeUsers', 'Active users', 'Empty: accounts active in 30 days'],
  ['availability', 'Availability', 'Empty: “Self-hosted”'],
];

/** The editable settings as typed: numbers stay text until Save. */
interface Draft {
  siteName: string;
  supportEmail: string;
  bannerOn: boolean;
  bannerText: string;
  signupsOpen: boolean;
  newSupportTicket: boolean;
  refundRequest: boolean;
  staffEmail: string;
  anonWordLimit: string;
  anonLimits: Record<AnonAllowance, string>;
  historyRetentionDays: string;
  claims: ClaimOverrides;
}

function draftOf(s: Settings): Draft {
  return {
    siteName: s.siteName,
    supportEmail: s.supportEmail,
    bannerOn: s.maintenanceBanner.enabled,
    bannerText: s.maintenanceBanner.text,
    signupsOpen: s.signupsOpen,
    newSupportTicket: s.notifications.newSupportTicket,
    refundRequest: s.notifications.refundRequest,
    staffEmail: s.notifications.staffEmail,
    anonWordLimit: String(s.anonWordLimit),
    anonLimits: Object.fromEntries(ANON_KEYS.map((k) => [k, String(s.anonLimits[k])])) as Record<AnonAllowance, string>,
    historyRetentionDays: String(s.historyRetentionDays),
    claims: { ...s.claims },
  };
}

const num = (s: string) => (/^\s*\d+\s*$/.test(s.replace(/[,_]/g, '')) ? Number(s.replace(/[,_\s]/g, '')) : NaN);

function valuesOf(d: Draft): Omit<Settings, 'requireStaffTwoFactor' | 'disabledTools' | 'ipAllowList' | 'adNetwork'> {
  return {
    siteName: d.siteName.trim(),
    supportEmail: d.supportEmail.trim(),
    maintenanceBanner: { enabled: d.bannerOn, text: d.bannerText.trim() },
    signupsOpen: d.signupsOpen,
    notifications: { newSupportTicket: d.newSupportTicket, refundRequest: d.refundRequest, staffEmail: d.staffEmail.trim() },
    anonWordLimit: num(d.anonWordLimit),
    anonLimits: Object.fromEntries(ANON_KEYS.map((k) => [k, num(d.anonLimits[k])])) as Record<AnonAllowance, number>,
    historyRetentionDays: num(d.historyRetentionDays),
    claims: {
      piecesAnalysed: d.claims.piecesAnalysed.trim(),
      accuracy: d.claims.accuracy.trim(),
      activeUsers: d.claims.activeUsers.trim(),
      availability: d.claims.availability.trim(),
    },
  };
}

/** Only what differs from the saved settings is sent, so the audit log names the real changes. */
function changesOf(values: ReturnType<typeof valuesOf>, saved: Settings): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) if (JSON.stringify(v) !== JSON.stringify(saved[k as keyof Settings])) out[k] = v;
  return out;
}

/** zod paths ("anonLimits.detect", "maintenanceBanner.text") → a message per path. */
function errorsOf(fields: Record<string, string> | undefined): Record<string, string> {
  return { ...(fields ?? {}) };
}

/** /admin/settings: the site's run-time settings in four tabs; 'settings:edit'. */
export default function AdminSettingsPage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const item = visibleAdminItem('/admin/settings', role);
  if (!item) return <NoAccess title="Settings" />;
  return <SettingsScreen title={item.title} description={item.description} />;
}

function SettingsScreen({ title, description }: { title: string; description: string }) {
  const q = useAdminSettings();
  // Kept here: the form is re-created with the saved values after each save, and should stay on its tab.
  const [tab, setTab] = useState<Tab>('general');
  return (
    <>
      <AdminHeading title={title} description={description} />
      <QueryState q={q} what="settings">
        {(data) => <SettingsForm key={JSON.stringify(data.settings)} saved={data.settings} tab={tab} setTab={setTab} />}
      </QueryState>
    </>
  );
}

function SettingsForm({ saved, tab, setTab }: { saved: Settings; tab: Tab; setTab: (t: Tab) => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveSettings();
  const uid = useId();
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const changes = changesOf(valuesOf(draft), saved);
  const dirty = Object.keys(changes).length > 0;

  async function onSave() {
    const parsed = SettingsPatch.safeParse(changes);
    if (!parsed.success) {
      const e: Record<string, string> = {};
      for (const issue of parsed.error.issues) e[issue.path.join('.')] ??= issue.message;
      setErrors(e);
      // Show the tab holding the first problem.
      const first = Object.keys(e)[0] ?? '';
      setTab(first.startsWith('notifications') ? 'notifications' : first.startsWith('anon') || first === 'historyRetentionDays' ? 'advanced' : 'general');
      return;
    }
    setErrors({});
    try {
      const res = await save.mutateAsync(parsed.data);
      toast({ title: 'Settings saved', description: res.changed?.length ? `${res.changed.length} setting(s) changed.` : 'Nothing had changed.' });
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(errorsOf(err.fields));
      toast({ title: 'Settings not saved', description: messageOf(err, 'Please try again.'), variant: 'destructive' });
    }
  }

  function onTabKey(e: KeyboardEvent<HTMLDivElement>) {
    const i = TABS.findIndex((t) => t.id === tab);
    const next = e.key === 'ArrowRight' ? (i + 1) % TABS.length : e.key === 'ArrowLeft' ? (i - 1 + TABS.length) % TABS.length : -1;
    if (next < 0) return;
    e.preventDefault();
    setTab(TABS[next].id);
    document.getElementById(`${uid}-tab-${TABS[next].id}`)?.focus();
  }

  const field = (name: string) => ({
    id: `${uid}-${name}`,
    'aria-invalid': Boolean(errors[name]) || undefined,
    'aria-describedby': errors[name] ? `${uid}-${name}-err` : undefined,
  });

  return (
    <div className="grid gap-6">
      <div role="tablist" aria-label="Settings sections" className="flex gap-1 overflow-x-auto border-b border-border" onKeyDown={onTabKey}>
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`${uid}-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`${uid}-panel`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            className={`-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${tab === t.id ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground'}`}
          >
            {t.label}
          </button>
        ))}
      </div>

      <div id={`${uid}-panel`} role="tabpanel" aria-labelledby={`${uid}-tab-${tab}`} className="grid gap-6">
        {tab === 'general' && (
          <>
            <Panel title="Site" description="Shown in the header, the footer, page titles and e-mails.">
              <div className="grid gap-4 sm:grid-cols-2">
                <div>
                  <Label htmlFor={`${uid}-siteName`}>Site name</Label>
                  <Input className="mt-1" value={draft.siteName} onChange={(e) => set('siteName', e.target.value)} maxLength={60} {...field('siteName')} />
                  <FieldError id={`${uid}-siteName-err`} message={errors.siteName} />
                </div>
                <div>
                  <Label htmlFor={`${uid}-supportEmail`}>Support e-mail</Label>
                  <Input
                    className="mt-1"
                    type="email"
                    value={draft.supportEmail}
                    onChange={(e) => set('supportEmail', e.target.value)}
                    {...field('supportEmail')}
                  />
                  <FieldError id={`${uid}-supportEmail-err`} message={errors.supportEmail} />
                </div>
              </div>
            </Panel>
            <Panel title="Maintenance banner" description="A notice across the top of every public page, e.g. before planned downtime.">
              <SwitchRow title="Show the banner" checked={draft.bannerOn} onChange={(v) => set('bannerOn', v)} testId="banner-switch" />
              <Label htmlFor={`${uid}-maintenanceBanner.text`}>Banner text</Label>
              <Textarea
                className="mt-1"
                rows={2}
                maxLength={300}
                value={draft.bannerText}
                onChange={(e) => set('bannerText', e.target.value)}
                placeholder="Veritext will be down for maintenance on Sunday from 22:00 to 23:00 UTC."
                {...field('maintenanceBanner.text')}
              />
              <FieldError id={`${uid}-maintenanceBanner.text-err`} message={errors['maintenanceBanner.text']} />
            </Panel>
            <Panel
              title="Home page figures"
              description="The marketing figures on the home page. Leave a field empty to show what this server measures itself (its real counts and the detector's held-out test); text you enter is shown as is, so only enter figures you can stand behind."
            >
              <div className="grid gap-4 sm:grid-cols-2">
                {CLAIM_FIELDS.map(([key, label, placeholder]) => (
                  <div key={key}>
                    <Label htmlFor={`${uid}-claims.${key}`}>{label}</Label>
                    <Input
                      className="mt-1"
                      value={draft.claims[key]}
                      onChange={(e) => set('claims', { ...draft.claims, [key]: e.target.value })}
                      maxLength={40}
                      placeholder={placeholder}
                      {...field(`claims.${key}`)}
                    />
                    <FieldError id={`${uid}-claims.${key}-err`} message={errors[`claims.${key}`]} />
                  </div>
                ))}
              </div>
            </Panel>
          </>
        )}

        {tab === 'notifications' && (
          <Panel title="Staff notifications" description="E-mails sent to staff when users need an answer.">
            <div className="divide-y divide-border">
              <SwitchRow
                title="New support ticket"
                description="E-mail staff when someone opens a ticket from the Contact page."
                checked={draft.newSupportTicket}
                onChange={(v) => set('newSupportTicket', v)}
              />
              <SwitchRow
                title="Refund request"
                description="E-mail staff when a user asks for a refund from their account."
                checked={draft.refundRequest}
                onChange={(v) => set('refundRequest', v)}
              />
            </div>
            <div className="mt-3 max-w-md">
              <Label htmlFor={`${uid}-notifications.staffEmail`}>Send them to</Label>
              <Input
                className="mt-1"
                type="email"
                value={draft.staffEmail}
                onChange={(e) => set('staffEmail', e.target.value)}
                placeholder={`${saved.supportEmail} (the support e-mail)`}
                {...field('notifications.staffEmail')}
              />
              <FieldError id={`${uid}-notifications.staffEmail-err`} message={errors['notifications.staffEmail']} />
            </div>
          </Panel>
        )}

        {tab === 'access' && (
          <>
            <Panel title="Sign-ups">
              <SwitchRow
                title="Sign-ups open"
                description="When closed, the Sign up page says so and new accounts (with a password or Google) are refused. Existing accounts still log in."
                checked={draft.signupsOpen}
                onChange={(v) => set('signupsOpen', v)}
              />
            </Panel>
            <Panel title="Staff access">
              <ul className="grid gap-2 text-sm">
                <li>
                  Two-factor for staff is <strong>{saved.requireStaffTwoFactor ? 'required' : 'not required'}</strong>. Change it on the{' '}
                  <Link className="font-medium text-primary hover:underline" to="/admin/security">
                    Security
                  </Link>{' '}
                  page.
                </li>
                <li>
                  The admin IP allow-list has{' '}
                  <strong>{saved.ipAllowList.length === 0 ? 'no entries (any address)' : `${saved.ipAllowList.length} entries`}</strong>. Edit it under{' '}
                  <Link className="font-medium text-primary hover:underline" to="/admin/ip-whitelist">
                    IP Whitelisting
                  </Link>
                  .
                </li>
                <li>
                  What each staff role may do:{' '}
                  <Link className="font-medium text-primary hover:underline" to="/admin/roles">
                    Role Management
                  </Link>
                  .
                </li>
              </ul>
            </Panel>
          </>
        )}

        {tab === 'advanced' && (
          <Panel
            title="Visitor limits"
            description="What people who are not logged in may use, per 24 hours, counted per browser and per network address. 0 means they must sign up first."
          >
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <div>
                <Label htmlFor={`${uid}-anonWordLimit`}>Words per request</Label>
                <Input
                  className="mt-1"
                  inputMode="numeric"
                  value={draft.anonWordLimit}
                  onChange={(e) => set('anonWordLimit', e.target.value)}
                  {...field('anonWordLimit')}
                />
                <FieldError id={`${uid}-anonWordLimit-err`} message={errors.anonWordLimit} />
              </div>
              {ANON_KEYS.map((k) => (
                <div key={k}>
                  <Label htmlFor={`${uid}-anonLimits.${k}`}>{ANON_LABELS[k]} a day</Label>
                  <Input
                    className="mt-1"
                    inputMode="numeric"
                    value={draft.anonLimits[k]}
                    onChange={(e) => set('anonLimits', { ...draft.anonLimits, [k]: e.target.value })}
                    {...field(`anonLimits.${k}`)}
                  />
                  <FieldError id={`${uid}-anonLimits.${k}-err`} message={errors[`anonLimits.${k}`]} />
                </div>
              ))}
            </div>
          </Panel>
        )}
        {tab === 'advanced' && (
          <Panel
            title="Scan history"
            description="Users who turn history on find their checks at /history. A daily sweep deletes items older than this; saved reports are kept until their owner deletes them."
          >
            <div className="max-w-xs">
              <Label htmlFor={`${uid}-historyRetentionDays`}>History retention (days)</Label>
              <Input
                className="mt-1"
                inputMode="numeric"
                value={draft.historyRetentionDays}
                onChange={(e) => set('historyRetentionDays', e.target.value)}
                {...field('historyRetentionDays')}
              />
              <FieldError id={`${uid}-historyRetentionDays-err`} message={errors.historyRetentionDays} />
            </div>
          </Panel>
        )}
      </div>

      <div className="sticky bottom-0 flex flex-wrap items-center gap-3 border-t border-border bg-background/95 py-3">
        <Button onClick={() => void onSave()} disabled={!dirty || save.isPending}>
          {save.isPending ? <Spinner className="size-4" /> : <Save className="size-4" aria-hidden />} Save changes
        </Button>
        <Button variant="outline" disabled={!dirty || save.isPending} onClick={() => (setDraft(draftOf(saved)), setErrors({}))}>
          Discard
        </Button>
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {dirty ? `${Object.keys(changes).length} unsaved change(s)` : 'All changes saved'}
        </span>
      </div>
    </div>
  );
}
