import { useRef, useState } from 'react';
import { useOutletContext } from 'react-router';
import { FileUp, Library, Plus, Trash2, X } from 'lucide-react';
import { can } from '@/shared/permissions';
import type { StaffRole } from '@/shared/roles';
import { REFERENCE_ORIGINS, type LibraryDocumentSummary } from '@/shared/api/plagiarism';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { PageSpinner, Spinner } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/hooks/use-toast';
import { ApiError, messageOf } from '@/client/lib/api';
import { useAddLibraryDocument, useDeleteLibraryDocument, useLibraryImport, useLibraryList, type LibraryOrigin } from '@/client/features/admin/api';
import { visibleAdminItem } from './nav';
import { AdminHeading as Heading, NoAccess, Pager } from './parts';

const PAGE = 50;
const ACCEPT = '.txt,.docx,.pdf,text/plain,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ORIGIN_LABEL: Record<string, string> = { starter: 'Starter', staff: 'Staff', blog: 'Blog', user: 'User submission' };

type Origin = LibraryOrigin;

/**
 * /admin/library: the plagiarism checker's reference library. Reading needs 'library:read' (the
 * menu item's permission); the add and delete controls show only with 'library:write'.
 */
export default function AdminLibraryPage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const item = visibleAdminItem('/admin/library', role);
  if (!item) {
    return <NoAccess title="Reference Library" />;
  }
  return <LibraryManager description={item.description} canWrite={can(role, 'library:write')} />;
}

function LibraryManager({ description, canWrite }: { description: string; canWrite: boolean }) {
  const [origin, setOrigin] = useState<Origin | ''>('');
  const [offset, setOffset] = useState(0);
  const [adding, setAdding] = useState(false);
  const list = useLibraryList({ origin, offset, limit: PAGE });
  const total = list.data ? Object.values(list.data.counts).reduce((a, b) => a + b, 0) : 0;

  return (
    <>
      <Heading title="Reference Library" description={description} />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        {canWrite && (
          <Button onClick={() => setAdding((a) => !a)} variant={adding ? 'outline' : 'default'}>
            {adding ? <X /> : <Plus />} {adding ? 'Close' : 'Add document'}
          </Button>
        )}
        <div className="ml-auto flex items-center gap-2 text-sm">
          <Label htmlFor="library-origin">Origin</Label>
          <select
            id="library-origin"
            value={origin}
            onChange={(e) => (setOrigin(e.target.value as Origin | ''), setOffset(0))}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm"
          >
            <option value="">All ({total.toLocaleString('en-US')})</option>
            {REFERENCE_ORIGINS.map((o) => (
              <option key={o} value={o}>
                {ORIGIN_LABEL[o]} ({(list.data?.counts[o] ?? 0).toLocaleString('en-US')})
              </option>
            ))}
          </select>
        </div>
      </div>

      <ImportProgress />
      {canWrite && adding && <AddForm onDone={() => (setAdding(false), setOffset(0))} />}

      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <div role="alert" className="rounded-xl border bg-card p-5 text-sm text-red-600 dark:text-red-400">
          {messageOf(list.error, 'The library could not be loaded.')}
        </div>
      ) : list.data.items.length === 0 ? (
        <div className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">
          <Library className="mx-auto mb-2 size-6" aria-hidden /> No documents{origin ? ' of this origin' : ''} in the library.
        </div>
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border bg-card">
            <table className="w-full text-sm" data-testid="library-table">
              <thead className="border-b bg-muted/40 text-left text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  <th className="px-4 py-2 font-medium">Title</th>
                  <th className="px-4 py-2 font-medium">Origin</th>
                  <th className="px-4 py-2 text-right font-medium">Words</th>
                  <th className="px-4 py-2 font-medium">Added</th>
                  <th className="px-4 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((d) => (
                  <Row key={d.id} doc={d} canWrite={canWrite} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            offset={offset}
            pageSize={PAGE}
            total={list.data.total}
            onOffset={setOffset}
            summary={
              <>
                {(offset + 1).toLocaleString('en-US')}–{(offset + list.data.items.length).toLocaleString('en-US')} of {list.data.total.toLocaleString('en-US')}
              </>
            }
          />
        </>
      )}
    </>
  );
}

const KIND_LABEL = { full: 'the full public-domain library', small: 'the small starter library' } as const;

/** The bundled library's first-start import: a progress bar while it runs, a line once done, a warning if it stopped. */
function ImportProgress() {
  const q = useLibraryImport();
  const imp = q.data?.import;
  if (!imp) return null;
  const pct = imp.total > 0 ? Math.round((imp.done / imp.total) * 100) : 100;
  const counts = `${imp.done.toLocaleString('en-US')} of ${imp.total.toLocaleString('en-US')} documents`;
  if (imp.status === 'done') {
    return (
      <p className="mb-4 text-sm text-muted-foreground" data-testid="library-import">
        Bundled library: {KIND_LABEL[imp.kind]}, {imp.total.toLocaleString('en-US')} documents, imported
        {imp.finishedAt ? ` ${new Date(imp.finishedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}` : ''}.
      </p>
    );
  }
  const running = imp.status === 'running';
  return (
    <div
      role="status"
      data-testid="library-import"
      className={`mb-4 rounded-xl border p-4 text-sm ${running ? 'bg-card' : 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100'}`}
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {running
            ? `Importing ${KIND_LABEL[imp.kind]} in the background`
            : imp.status === 'stalled'
              ? 'The library import stopped mid-way; the next server start resumes it'
              : `The library import failed: ${imp.error ?? 'unknown error'}`}
        </span>
        <span className="tabular-nums text-muted-foreground">
          {counts} ({pct} %)
        </span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label="Library import"
        aria-valuemin={0}
        aria-valuemax={imp.total}
        aria-valuenow={imp.done}
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${pct}%` }} />
      </div>
      {running && <p className="mt-2 text-xs text-muted-foreground">Plagiarism checks already compare texts with the documents imported so far.</p>}
    </div>
  );
}

function Row({ doc, canWrite }: { doc: LibraryDocumentSummary; canWrite: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const del = useDeleteLibraryDocument({
    onSuccess: () => toast({ title: 'Document deleted', description: doc.title }),
    onError: (err) => toast({ title: 'Could not delete the document', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
  });
  const link = /^https?:\/\//.test(doc.reference);
  return (
    <tr className="border-b last:border-0 align-top">
      <td className="max-w-md px-4 py-3">
        <div className="font-medium">{doc.title}</div>
        <div className="truncate text-xs text-muted-foreground" title={doc.reference}>
          {link ? (
            <a href={doc.reference} target="_blank" rel="noreferrer noopener" className="hover:underline">
              {doc.reference}
            </a>
          ) : (
            doc.reference
          )}
          {doc.licence ? ` · ${doc.licence}` : ''}
        </div>
      </td>
      <td className="px-4 py-3">
        <Badge className="whitespace-nowrap" variant={doc.origin === 'user' ? 'warning' : doc.origin === 'staff' ? 'default' : 'secondary'}>
          {ORIGIN_LABEL[doc.origin] ?? doc.origin}
        </Badge>
      </td>
      <td className="px-4 py-3 text-right tabular-nums">{doc.wordCount.toLocaleString('en-US')}</td>
      <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
        {new Date(doc.createdAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-right">
        {!canWrite ? null : confirming ? (
          <span className="inline-flex items-center gap-2" role="group" aria-label={`Confirm deleting ${doc.title}`}>
            <Button variant="destructive" size="sm" disabled={del.isPending} onClick={() => del.mutate(doc.id)}>
              {del.isPending ? <Spinner /> : <Trash2 />} Delete?
            </Button>
            <Button variant="ghost" size="sm" disabled={del.isPending} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </span>
        ) : (
          <Button variant="ghost" size="sm" aria-label={`Delete ${doc.title}`} onClick={() => setConfirming(true)}>
            <Trash2 />
          </Button>
        )}
      </td>
    </tr>
  );
}

function AddForm({ onDone }: { onDone: () => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [reference, setReference] = useState('');
  const [licence, setLicence] = useState('');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddLibraryDocument({
    onSuccess: (_res, sent) => {
      toast({ title: 'Document added', description: sent.title });
      onDone();
    },
    onError: (err) => {
      setErrors(err instanceof ApiError ? (err.fields ?? {}) : {});
      toast({ title: 'Could not add the document', description: messageOf(err, 'Please try again.'), variant: 'destructive' });
    },
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!title.trim()) errs.title = 'Title is required.';
    if (!reference.trim()) errs.reference = 'Reference is required.';
    if (!file && !text.trim()) errs.text = 'Paste the text or choose a file.';
    setErrors(errs);
    if (Object.keys(errs).length === 0) add.mutate({ title: title.trim(), reference: reference.trim(), licence: licence.trim(), text, file });
  }

  const fieldError = (k: string) =>
    errors[k] ? (
      <p className="mt-1 text-xs text-red-600 dark:text-red-400" id={`library-${k}-error`}>
        {errors[k]}
      </p>
    ) : null;

  return (
    <form onSubmit={submit} className="mb-6 space-y-4 rounded-xl border bg-card p-5" aria-label="Add a document" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="library-title">Title</Label>
          <Input id="library-title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={500} className="mt-1" aria-invalid={!!errors.title} />
          {fieldError('title')}
        </div>
        <div>
          <Label htmlFor="library-reference">Reference (link or citation)</Label>
          <Input
            id="library-reference"
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            maxLength={2000}
            placeholder="https://… or Author, Title, Year"
            className="mt-1"
            aria-invalid={!!errors.reference}
          />
          {fieldError('reference')}
        </div>
      </div>
      <div>
        <Label htmlFor="library-licence">Licence (optional)</Label>
        <Input
          id="library-licence"
          value={licence}
          onChange={(e) => setLicence(e.target.value)}
          maxLength={500}
          placeholder="e.g. Public domain, CC BY 4.0, used with permission"
          className="mt-1"
        />
      </div>
      <div>
        <Label htmlFor="library-text">Text</Label>
        {file ? (
          <div className="mt-1 flex items-center gap-2 rounded-lg border border-dashed p-3 text-sm">
            <FileUp className="size-4" aria-hidden /> {file.name} ({Math.ceil(file.size / 1024).toLocaleString('en-US')} KB) — its text is extracted on the
            server.
            <Button type="button" variant="ghost" size="sm" className="ml-auto" onClick={() => setFile(null)}>
              <X /> Remove
            </Button>
          </div>
        ) : (
          <Textarea
            id="library-text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={8}
            placeholder="Paste the document's text…"
            className="mt-1"
            aria-invalid={!!errors.text}
          />
        )}
        {fieldError('text')}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? <Spinner /> : <Plus />} Add to library
        </Button>
        <Button type="button" variant="outline" onClick={() => fileInput.current?.click()} disabled={add.isPending}>
          <FileUp /> Upload .txt, .docx or .pdf
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          aria-label="Upload a .txt, .docx or .pdf file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) setFile(f);
            e.target.value = '';
          }}
        />
        <span className="text-xs text-muted-foreground">Up to 5 MB. Only add text you may use for comparison.</span>
      </div>
    </form>
  );
}
