import { useId, useState } from 'react';
import { useOutletContext } from 'react-router';
import { Info, Package, Save } from 'lucide-react';
import type { StaffRole } from '@/shared/roles';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { PageSpinner, Spinner } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/hooks/use-toast';
import { ApiError, messageOf } from '@/client/lib/api';
import { useAdminPlans, useSavePlan, type PlanDefinition, type PlanEdit } from '@/client/features/admin/plans-api';
import { visibleAdminItem } from './nav';
import { AdminHeading as Heading, NoAccess } from './parts';

/** /admin/subscription-plans: staff holding 'plans:edit' change each plan's price, limits and selling points. */
export default function AdminPlansPage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const item = visibleAdminItem('/admin/subscription-plans', role);
  if (!item) {
    return <NoAccess title="Plan Management" />;
  }
  return <PlanManager title={item.title} description={item.description} />;
}

function PlanManager({ title, description }: { title: string; description: string }) {
  const q = useAdminPlans();
  return (
    <>
      <Heading title={title} description={description} />
      <div className="mb-6 flex gap-3 rounded-xl border border-border bg-muted/40 p-4 text-sm" data-testid="plans-terms-note">
        <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        <p>
          Edits apply to new purchases and to free-plan renewals only. Existing subscribers keep the price and limits they bought until they renew or change
          plan.
        </p>
      </div>
      {q.isPending ? (
        <PageSpinner label="Loading the plans" />
      ) : q.isError ? (
        <div role="alert" className="rounded-xl border bg-card p-5 text-sm text-red-600 dark:text-red-400">
          {messageOf(q.error, 'The plans could not be loaded.')}{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void q.refetch()}>
            Try again
          </Button>
        </div>
      ) : q.data.plans.length === 0 ? (
        <div className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">
          <Package className="mx-auto mb-2 size-6" aria-hidden /> No plans are defined on this server.
        </div>
      ) : (
        <div className="grid gap-6 xl:grid-cols-2">
          {[...q.data.plans]
            .sort((a, b) => a.rank - b.rank)
            .map((plan) => (
              <PlanCard key={plan.id} plan={plan} />
            ))}
        </div>
      )}
    </>
  );
}

/** The form's fields as typed: text, so a half-typed number is kept as it is until Save. */
interface Draft {
  name: string;
  /** Dollars, e.g. "9.99". */
  price: string;
  monthlyCharacters: string;
  wordLimit: string;
  /** Empty: unlimited. */
  dailyDetections: string;
  description: string;
  /** One per line. */
  highlights: string;
}

type Field = keyof Draft;

function draftOf(p: PlanDefinition): Draft {
  return {
    name: p.name,
    price: (p.price / 100).toFixed(2),
    monthlyCharacters: String(p.monthlyCharacters),
    wordLimit: String(p.wordLimit),
    dailyDetections: p.dailyDetections === null ? '' : String(p.dailyDetections),
    description: p.description,
    highlights: p.highlights.join('\n'),
  };
}

/** Digits, allowing the thousands separators people type ("1,000,000", "1 000 000"). */
function wholeNumber(s: string): number | null {
  const t = s.replace(/[\s,_]/g, '');
  return /^\d+$/.test(t) ? Number(t) : null;
}

/** The draft as the API's values, or the fields that cannot be read. The server checks the ranges and says so per field. */
function parseDraft(d: Draft): { edit: PlanEdit; errors: Partial<Record<Field, string>> } {
  const errors: Partial<Record<Field, string>> = {};
  const price = d.price.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(price)) errors.price = 'Enter a price in dollars, e.g. 9.99.';
  const monthlyCharacters = wholeNumber(d.monthlyCharacters);
  if (monthlyCharacters === null) errors.monthlyCharacters = 'Enter a whole number of characters.';
  const wordLimit = wholeNumber(d.wordLimit);
  if (wordLimit === null) errors.wordLimit = 'Enter a whole number of words.';
  const detections = d.dailyDetections.trim() === '' ? null : wholeNumber(d.dailyDetections);
  if (d.dailyDetections.trim() !== '' && detections === null) errors.dailyDetections = 'Enter a whole number, or leave empty for unlimited.';
  if (!d.name.trim()) errors.name = 'The plan needs a name.';
  return {
    edit: {
      name: d.name.trim(),
      // Cents from the typed digits, so 4.99 is 499 and not 498.99999.
      price: Math.round(Number(price) * 100),
      monthlyCharacters: monthlyCharacters ?? 0,
      wordLimit: wordLimit ?? 0,
      dailyDetections: detections,
      description: d.description.trim(),
      highlights: d.highlights
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    },
    errors,
  };
}

/** Only what differs from the saved plan is sent, so the audit entry names the real change. */
function changesOf(edit: PlanEdit, plan: PlanDefinition): Partial<PlanEdit> {
  const out: Partial<PlanEdit> = {};
  for (const k of Object.keys(edit) as (keyof PlanEdit)[]) {
    if (JSON.stringify(edit[k]) !== JSON.stringify(plan[k])) (out as Record<string, unknown>)[k] = edit[k];
  }
  return out;
}

/** The server names fields by path ("highlights.2"): shown under the field, with the line it concerns. */
function serverErrors(fields: Record<string, string> | undefined): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    const [field, index] = key.split('.');
    if (field in FIELD_LABELS) out[field as Field] ??= index !== undefined ? `Line ${Number(index) + 1}: ${message}` : message;
  }
  return out;
}

const FIELDS: Field[] = ['name', 'price', 'monthlyCharacters', 'wordLimit', 'dailyDetections', 'description', 'highlights'];

const FIELD_LABELS: Record<Field, string> = {
  name: 'Name',
  price: 'Price per month (USD)',
  monthlyCharacters: 'Characters per month',
  wordLimit: 'Words per request',
  dailyDetections: 'AI detections per day',
  description: 'Description',
  highlights: 'Highlights',
};

function PlanCard({ plan }: { plan: PlanDefinition }) {
  const uid = useId();
  const id = (k: Field) => `${uid}-${k}`;
  const [saved, setSaved] = useState(plan);
  const [draft, setDraft] = useState(() => draftOf(plan));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSavePlan({
    onSuccess: (p) => {
      setSaved(p);
      setDraft(draftOf(p));
      setErrors({});
      setFormError(null);
      toast({ title: `${p.name} plan saved`, description: 'New purchases use the new terms.' });
    },
    onError: (err) => {
      const fieldErrors = err instanceof ApiError ? serverErrors(err.fields) : {};
      showErrors(fieldErrors, messageOf(err, 'The plan could not be saved. Please try again.'));
    },
  });

  /** Field messages go under their fields (the first one gets focus); the banner says why nothing was saved. */
  function showErrors(fieldErrors: Partial<Record<Field, string>>, fallback: string) {
    setErrors(fieldErrors);
    const first = FIELDS.find((k) => fieldErrors[k]);
    setFormError(first ? 'Nothing was saved: check the fields marked below.' : fallback);
    if (first) requestAnimationFrame(() => document.getElementById(id(first))?.focus());
  }

  const parsed = parseDraft(draft);
  const changes = changesOf(parsed.edit, saved);
  const dirty = Object.keys(changes).length > 0;
  const isFree = saved.id === 'free';

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (Object.keys(parsed.errors).length > 0) return showErrors(parsed.errors, '');
    setErrors({});
    setFormError(null);
    if (dirty) save.mutate({ id: saved.id, edit: changes });
  }

  const set = (k: Field) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const chars = wholeNumber(draft.monthlyCharacters);
  const hints: Partial<Record<Field, string>> = {
    price: isFree ? 'The Free plan costs nothing.' : 'In dollars; charged in cents.',
    monthlyCharacters: chars === null ? 'Characters of tool input per billing period.' : `${chars.toLocaleString('en-US')} characters per billing period.`,
    wordLimit: 'The longest text one request may send.',
    dailyDetections: draft.dailyDetections.trim() === '' ? 'Empty: unlimited.' : 'Leave empty for unlimited.',
    highlights: 'One per line, up to 12; shown on the pricing page.',
  };
  const field = (k: Field) => ({
    id: id(k),
    value: draft[k],
    onChange: set(k),
    'aria-invalid': errors[k] ? true : undefined,
    'aria-describedby': [errors[k] ? `${id(k)}-error` : '', hints[k] ? `${id(k)}-hint` : ''].filter(Boolean).join(' ') || undefined,
    className: 'mt-1',
  });
  const below = (k: Field) => (
    <>
      {hints[k] && (
        <p id={`${id(k)}-hint`} className="mt-1 text-xs text-muted-foreground">
          {hints[k]}
        </p>
      )}
      {errors[k] && (
        <p id={`${id(k)}-error`} className="mt-1 text-xs text-red-600 dark:text-red-400">
          {errors[k]}
        </p>
      )}
    </>
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${uid}-title`} className="space-y-4 rounded-xl border bg-card p-5" data-testid={`plan-${saved.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${uid}-title`} className="text-lg font-semibold">
          {saved.name}
        </h2>
        <Badge variant="secondary">{saved.id}</Badge>
        <span className="ml-auto text-sm text-muted-foreground tabular-nums">{saved.price === 0 ? 'Free' : `$${(saved.price / 100).toFixed(2)} / month`}</span>
      </div>

      {formError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300">
          {formError}
        </p>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={id('name')}>{FIELD_LABELS.name}</Label>
          <Input {...field('name')} maxLength={60} autoComplete="off" />
          {below('name')}
        </div>
        <div>
          <Label htmlFor={id('price')}>{FIELD_LABELS.price}</Label>
          <Input {...field('price')} inputMode="decimal" readOnly={isFree} autoComplete="off" className={isFree ? 'mt-1 bg-muted' : 'mt-1'} />
          {below('price')}
        </div>
        <div>
          <Label htmlFor={id('monthlyCharacters')}>{FIELD_LABELS.monthlyCharacters}</Label>
          <Input {...field('monthlyCharacters')} inputMode="numeric" autoComplete="off" />
          {below('monthlyCharacters')}
        </div>
        <div>
          <Label htmlFor={id('wordLimit')}>{FIELD_LABELS.wordLimit}</Label>
          <Input {...field('wordLimit')} inputMode="numeric" autoComplete="off" />
          {below('wordLimit')}
        </div>
        <div className="sm:col-span-2">
          <Label htmlFor={id('dailyDetections')}>{FIELD_LABELS.dailyDetections}</Label>
          <Input {...field('dailyDetections')} inputMode="numeric" placeholder="Unlimited" autoComplete="off" />
          {below('dailyDetections')}
        </div>
      </div>
      <div>
        <Label htmlFor={id('description')}>{FIELD_LABELS.description}</Label>
        <Textarea {...field('description')} rows={2} maxLength={500} />
        {below('description')}
      </div>
      <div>
        <Label htmlFor={id('highlights')}>{FIELD_LABELS.highlights}</Label>
        <Textarea {...field('highlights')} rows={4} />
        {below('highlights')}
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending || !dirty}>
          {save.isPending ? <Spinner /> : <Save />} Save {saved.name}
        </Button>
        {dirty ? (
          <>
            <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => (setDraft(draftOf(saved)), setErrors({}), setFormError(null))}>
              Discard changes
            </Button>
            <span className="text-xs text-muted-foreground" aria-live="polite">
              Unsaved changes
            </span>
          </>
        ) : (
          <span className="text-xs text-muted-foreground" aria-live="polite">
            No changes
          </span>
        )}
      </div>
    </form>
  );
}
