import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useOutletContext } from 'react-router';
import { ExternalLink, ImagePlus, Megaphone, Pencil, Plus, Power, Save, Trash2, X } from 'lucide-react';
import type { StaffRole } from '@/shared/roles';
import {
  AD_SLOT_LABELS,
  HOUSE_AD_IMAGE_MAX_BYTES,
  HOUSE_AD_IMAGE_TYPES,
  type AdNetworkSettings,
  type HouseAd,
  type HouseAdCreate,
  type HouseAdUpdate,
} from '@/shared/api/ads';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Spinner } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/hooks/use-toast';
import { ApiError, messageOf } from '@/client/lib/api';
import { fileToUpload, useAdminAds, useDeleteHouseAd, useSaveAdNetwork, useSaveHouseAd, useToggleHouseAd } from '@/client/features/ads/api';
import { visibleAdminItem } from './nav';
import { AdminHeading, NoAccess } from './parts';
import { FieldError, Panel, QueryState, Switch, SwitchRow } from './settings-parts';

type Editing = { key: number; ad: HouseAd | null } | null;

/** /admin/ads ('ads:manage'): house ads shown to visitors and free users, and the optional ad network. */
export default function AdminAdsPage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const item = visibleAdminItem('/admin/ads', role);
  if (!item) return <NoAccess title="Ads" />;
  return <AdsManager description={item.description} />;
}

function AdsManager({ description }: { description: string }) {
  const q = useAdminAds();
  const [editing, setEditing] = useState<Editing>(null);
  const keys = useRef(0);
  const open = (ad: HouseAd | null) => setEditing({ key: ++keys.current, ad });

  return (
    <>
      <AdminHeading title="Ads" description={description}>
        {!editing && (
          <Button onClick={() => open(null)}>
            <Plus /> New house ad
          </Button>
        )}
      </AdminHeading>
      <p className="mb-6 max-w-3xl text-sm text-muted-foreground">
        Two ad blocks, “{AD_SLOT_LABELS.sponsored}” and “{AD_SLOT_LABELS.advertisement}”, sit at the bottom of the home page for visitors without an account and
        free-plan users. Paid plans and staff never see ads.
      </p>
      <QueryState q={q} what="ads">
        {(data) => (
          <div className="grid gap-6">
            {editing && <AdEditor key={editing.key} ad={editing.ad} onClose={() => setEditing(null)} />}
            <Panel
              title="House ads"
              description="Your own ads, served from this site: no third-party script, no tracking cookie. Clicks are counted when the visitor follows the link."
            >
              {data.ads.length === 0 ? (
                <div className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
                  <Megaphone className="mx-auto mb-2 size-5" aria-hidden /> No house ads yet. Create one with “New house ad”.
                </div>
              ) : (
                <ul className="divide-y rounded-lg border" aria-label="House ads" data-testid="house-ads">
                  {data.ads.map((ad) => (
                    <AdRow key={ad.id} ad={ad} onEdit={() => open(ad)} />
                  ))}
                </ul>
              )}
            </Panel>
            <NetworkPanel saved={data.network} />
          </div>
        )}
      </QueryState>
    </>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

function AdRow({ ad, onEdit }: { ad: HouseAd; onEdit: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const toggle = useToggleHouseAd();
  const del = useDeleteHouseAd();
  const busy = toggle.isPending || del.isPending;
  const fail = (what: string) => (err: unknown) => toast({ title: what, description: messageOf(err, 'Please try again.'), variant: 'destructive' });
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        {ad.image ? (
          <img src={ad.image.url} alt="" className="size-14 shrink-0 rounded-md border object-cover" />
        ) : (
          <div className="flex size-14 shrink-0 items-center justify-center rounded-md border bg-muted text-muted-foreground">
            <Megaphone className="size-5" aria-hidden />
          </div>
        )}
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            {ad.active ? <Badge>Active</Badge> : <Badge variant="secondary">Off</Badge>}
            <span className="font-medium [overflow-wrap:anywhere]">{ad.title}</span>
          </div>
          <div className="mt-1 flex flex-wrap gap-x-3 text-xs text-muted-foreground">
            <a href={ad.linkUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 hover:underline">
              {hostOf(ad.linkUrl)} <ExternalLink className="size-3" aria-hidden />
            </a>
            <span>weight {ad.weight}</span>
            <span>
              {ad.clicks.toLocaleString('en-US')} click{ad.clicks === 1 ? '' : 's'}
            </span>
          </div>
        </div>
      </div>
      {confirming ? (
        <div key="confirm" className="flex flex-wrap items-center gap-2" role="group" aria-label={`Confirm deleting ${ad.title}`}>
          <span className="text-sm">Delete this ad?</span>
          <Button
            variant="destructive"
            size="sm"
            disabled={busy}
            onClick={() => del.mutate(ad, { onSuccess: () => toast({ title: 'Ad deleted', description: ad.title }), onError: fail('Could not delete the ad') })}
          >
            {del.isPending ? <Spinner /> : <Trash2 />} Delete
          </Button>
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => setConfirming(false)} autoFocus>
            Cancel
          </Button>
        </div>
      ) : (
        <div key="actions" className="flex flex-wrap items-center gap-1 sm:flex-nowrap">
          <Button variant="outline" size="sm" onClick={onEdit} disabled={busy} aria-label={`Edit ${ad.title}`}>
            <Pencil /> Edit
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            aria-label={`${ad.active ? 'Turn off' : 'Turn on'} ${ad.title}`}
            onClick={() => toggle.mutate(ad, { onError: fail('Could not change the ad') })}
          >
            {toggle.isPending ? <Spinner /> : <Power />} {ad.active ? 'Turn off' : 'Turn on'}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} disabled={busy} aria-label={`Delete ${ad.title}`}>
            <Trash2 />
          </Button>
        </div>
      )}
    </li>
  );
}

interface Draft {
  title: string;
  text: string;
  linkUrl: string;
  weight: string;
  active: boolean;
}

/** The image field: kept (undefined), removed (null) or replaced by a picked file. */
type ImageChoice = undefined | null | { file: File; preview: string };

function AdEditor({ ad, onClose }: { ad: HouseAd | null; onClose: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>({
    title: ad?.title ?? '',
    text: ad?.text ?? '',
    linkUrl: ad?.linkUrl ?? 'https://',
    weight: String(ad?.weight ?? 1),
    active: ad?.active ?? true,
  });
  const [image, setImage] = useState<ImageChoice>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveHouseAd();
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  // the picked file's preview address is released when replaced or when the editor closes
  const preview = image ? image.preview : null;
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = (file: File | undefined) => {
    setErrors((e) => ({ ...e, image: '' }));
    if (!file) return;
    if (!(HOUSE_AD_IMAGE_TYPES as readonly string[]).includes(file.type)) return setErrors((e) => ({ ...e, image: 'Use a PNG, JPEG, WebP or GIF image.' }));
    if (file.size > HOUSE_AD_IMAGE_MAX_BYTES) return setErrors((e) => ({ ...e, image: `The image must be at most ${HOUSE_AD_IMAGE_MAX_BYTES / 1024} KB.` }));
    setImage({ file, preview: URL.createObjectURL(file) });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const fields = { title: draft.title, text: draft.text, linkUrl: draft.linkUrl, active: draft.active, weight: Number(draft.weight) };
    const body: HouseAdCreate | HouseAdUpdate = { ...fields, ...(image === undefined ? {} : { image: image && (await fileToUpload(image.file)) }) };
    save.mutate(
      { id: ad?.id ?? null, body },
      {
        onSuccess: (saved) => {
          toast({ title: ad ? 'Ad saved' : 'Ad created', description: saved.title });
          onClose();
        },
        onError: (err) => {
          const f = err instanceof ApiError ? err.fields : undefined;
          if (f) setErrors(Object.fromEntries(Object.entries(f).map(([k, v]) => [k.startsWith('image') ? 'image' : k, v])));
          if (err instanceof ApiError && err.code && !f) setErrors({ image: messageOf(err, '') });
          toast({ title: 'Could not save the ad', description: messageOf(err, 'Please try again.'), variant: 'destructive' });
        },
      },
    );
  };

  const shownImage = image ? image.preview : image === null ? null : (ad?.image?.url ?? null);
  const err = (k: string) => errors[k] || undefined;
  const field = (k: string) => ({ 'aria-invalid': Boolean(err(k)) || undefined, 'aria-describedby': err(k) ? `${id}-${k}-error` : undefined });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="rounded-xl border border-primary/40 bg-card p-5 shadow-sm"
      aria-label={ad ? `Edit ${ad.title}` : 'New house ad'}
    >
      <div className="mb-4 flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{ad ? 'Edit house ad' : 'New house ad'}</h2>
        <Button type="button" variant="ghost" size="sm" onClick={onClose} aria-label="Close the editor">
          <X />
        </Button>
      </div>
      <div className="grid gap-4 lg:grid-cols-[1fr_16rem]">
        <div className="grid gap-4">
          <div>
            <Label htmlFor={`${id}-title`}>Title</Label>
            <Input id={`${id}-title`} value={draft.title} maxLength={80} onChange={(e) => set('title', e.target.value)} {...field('title')} />
            <FieldError id={`${id}-title-error`} message={err('title')} />
          </div>
          <div>
            <Label htmlFor={`${id}-text`}>Text</Label>
            <Textarea id={`${id}-text`} rows={2} value={draft.text} maxLength={200} onChange={(e) => set('text', e.target.value)} {...field('text')} />
            <FieldError id={`${id}-text-error`} message={err('text')} />
          </div>
          <div>
            <Label htmlFor={`${id}-link`}>Link</Label>
            <Input id={`${id}-link`} type="url" value={draft.linkUrl} onChange={(e) => set('linkUrl', e.target.value)} {...field('linkUrl')} />
            <FieldError id={`${id}-linkUrl-error`} message={err('linkUrl')} />
          </div>
          <div className="flex flex-wrap items-end gap-6">
            <div>
              <Label htmlFor={`${id}-weight`}>Weight (1–10)</Label>
              <Input
                id={`${id}-weight`}
                type="number"
                min={1}
                max={10}
                className="w-24"
                value={draft.weight}
                onChange={(e) => set('weight', e.target.value)}
                {...field('weight')}
              />
            </div>
            <label className="flex items-center gap-3 pb-2 text-sm font-medium">
              <Switch checked={draft.active} onChange={(v) => set('active', v)} label="Active" /> Active
            </label>
          </div>
          <FieldError id={`${id}-weight-error`} message={err('weight')} />
        </div>
        <div>
          <Label htmlFor={`${id}-image`}>Image (optional)</Label>
          <div className="mt-1.5 flex aspect-[16/9] items-center justify-center overflow-hidden rounded-lg border border-dashed bg-muted/40">
            {shownImage ? (
              <img src={shownImage} alt="Preview of the ad image" className="h-full w-full object-cover" />
            ) : (
              <ImagePlus className="size-6 text-muted-foreground" aria-hidden />
            )}
          </div>
          <Input
            id={`${id}-image`}
            type="file"
            accept={HOUSE_AD_IMAGE_TYPES.join(',')}
            className="mt-2"
            onChange={(e) => pick(e.target.files?.[0])}
            {...field('image')}
          />
          <p className="mt-1 text-xs text-muted-foreground">PNG, JPEG, WebP or GIF, at most {HOUSE_AD_IMAGE_MAX_BYTES / 1024} KB.</p>
          {shownImage && (
            <Button type="button" variant="link" size="sm" className="h-auto px-0" onClick={() => setImage(null)}>
              Remove image
            </Button>
          )}
          <FieldError id={`${id}-image-error`} message={err('image')} />
        </div>
      </div>
      <div className="mt-5 flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : <Save />} {ad ? 'Save ad' : 'Create ad'}
        </Button>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function NetworkPanel({ saved }: { saved: AdNetworkSettings }) {
  const id = useId();
  const [n, setN] = useState<AdNetworkSettings>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveAdNetwork();
  useEffect(() => setN(saved), [saved]);
  const dirty = JSON.stringify(n) !== JSON.stringify(saved);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.mutate(n, {
      onSuccess: () =>
        toast({ title: 'Ad network saved', description: n.enabled ? 'Visitors who accept optional cookies see its ads.' : 'The network is off.' }),
      onError: (err) => {
        if (err instanceof ApiError && err.fields) setErrors(err.fields);
        toast({ title: 'Could not save the ad network', description: messageOf(err, 'Please try again.'), variant: 'destructive' });
      },
    });
  };
  const text = (key: string, label: string, value: string, onChange: (v: string) => void, placeholder: string, hint?: string) => (
    <div>
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={Boolean(errors[key]) || undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
      />
      {hint && <p className="mt-1 text-xs text-muted-foreground">{hint}</p>}
      <FieldError id={`${id}-${key}-error`} message={errors[key]} />
    </div>
  );

  return (
    <Panel
      title="Ad network"
      description="An AdSense-compatible network. Its script loads only for visitors and free users who chose “Accept All” in the cookie banner; everyone else sees your house ads. The site’s security policy allows the network only while it is on."
    >
      <form onSubmit={submit} noValidate aria-label="Ad network" className="grid gap-4">
        <SwitchRow title="Use the ad network" checked={n.enabled} onChange={(enabled) => setN({ ...n, enabled })} />
        <div className="grid gap-4 md:grid-cols-3">
          {text('clientId', 'Publisher id', n.clientId, (clientId) => setN({ ...n, clientId }), 'ca-pub-1234567890123456')}
          {text(
            'slots.sponsored',
            `${AD_SLOT_LABELS.sponsored} slot id`,
            n.slots.sponsored,
            (sponsored) => setN({ ...n, slots: { ...n.slots, sponsored } }),
            '1234567890',
          )}
          {text(
            'slots.advertisement',
            `${AD_SLOT_LABELS.advertisement} slot id`,
            n.slots.advertisement,
            (advertisement) => setN({ ...n, slots: { ...n.slots, advertisement } }),
            '1234567890',
          )}
        </div>
        {text(
          'scriptUrl',
          'Loader address (optional)',
          n.scriptUrl,
          (scriptUrl) => setN({ ...n, scriptUrl }),
          'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js',
          'Leave empty for AdSense’s own loader. A slot without an id shows a house ad.',
        )}
        <div>
          <Button type="submit" disabled={save.isPending || !dirty}>
            {save.isPending ? <Spinner /> : <Save />} Save network
          </Button>
        </div>
      </form>
    </Panel>
  );
}
