import { useEffect, useId, useRef, useState } from 'react';
import { Link, useOutletContext } from 'react-router';
import { ArrowLeft, Eye, EyeOff, ExternalLink, Newspaper, Pencil, Plus, Save, Send, Trash2 } from 'lucide-react';
import type { StaffRole } from '@/shared/roles';
import { derivedExcerpt, type BlogPost, type BlogStatus } from '@/shared/api/blog';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { PageSpinner, Spinner } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/hooks/use-toast';
import { ApiError, messageOf } from '@/client/lib/api';
import { useAdminBlogPosts, useDeleteBlogPost, useSaveBlogPost, useTogglePublished } from '@/client/features/admin/api';
import { formatPostDate } from '@/client/features/blog/api';
import { Markdown } from '@/client/features/blog/Markdown';
import { visibleAdminItem } from './nav';
import { AdminHeading as Heading, NoAccess } from './parts';

/** `session` keys the editor: saving a new post turns it into an edit of that post without remounting (and losing typing). */
type Editing = { session: number; post: BlogPost | null } | null;

/** /admin/blog (also reached from /content-management): write, publish and remove blog posts ('blog:write'). */
export default function AdminBlogPage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const item = visibleAdminItem('/admin/blog', role);
  if (!item) {
    return <NoAccess title="Blog Posts" />;
  }
  return <BlogManager description={item.description} />;
}

function BlogManager({ description }: { description: string }) {
  const [editing, setEditing] = useState<Editing>(null);
  const sessions = useRef(0);
  const open = (post: BlogPost | null) => setEditing({ session: ++sessions.current, post });
  const list = useAdminBlogPosts();

  if (editing) {
    return <Editor key={editing.session} post={editing.post} onClose={() => setEditing(null)} onSaved={(post) => setEditing((e) => e && { ...e, post })} />;
  }

  return (
    <>
      <Heading title="Blog Posts" description={description}>
        <Button onClick={() => open(null)}>
          <Plus /> New post
        </Button>
      </Heading>
      {list.isPending ? (
        <PageSpinner label="Loading posts" />
      ) : list.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-5 text-sm">
          <span className="text-red-600 dark:text-red-400">{messageOf(list.error, 'The posts could not be loaded.')}</span>
          <Button variant="outline" size="sm" onClick={() => list.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.data.posts.length === 0 ? (
        <div className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">
          <Newspaper className="mx-auto mb-2 size-6" aria-hidden /> No posts yet. Write the first one with “New post”.
        </div>
      ) : (
        <ul className="divide-y rounded-xl border bg-card" aria-label="Posts" data-testid="blog-posts">
          {list.data.posts.map((p) => (
            <PostRow key={p.id} post={p} onEdit={() => open(p)} />
          ))}
        </ul>
      )}
      <p className="mt-4 text-xs text-muted-foreground">
        Published posts are also documents of the plagiarism checker’s reference library, so text copied from the blog is found.
      </p>
    </>
  );
}

function StatusBadge({ status }: { status: BlogStatus }) {
  return status === 'published' ? <Badge>Published</Badge> : <Badge variant="secondary">Draft</Badge>;
}

function PostRow({ post, onEdit }: { post: BlogPost; onEdit: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const toggle = useTogglePublished({
    onSuccess: (p) => toast({ title: p.published ? 'Post published' : 'Post unpublished', description: p.title }),
    onError: (err) => toast({ title: 'Could not change the post', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
  });
  const del = useDeleteBlogPost({
    onSuccess: () => toast({ title: 'Post deleted', description: post.title }),
    onError: (err) => toast({ title: 'Could not delete the post', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
  });
  const busy = toggle.isPending || del.isPending;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={post.status} />
          <span className="font-medium [overflow-wrap:anywhere]">{post.title}</span>
        </div>
        <div className="mt-1 text-xs text-muted-foreground">
          /blog/{post.slug} · {post.published ? `published ${formatPostDate(post.publishedAt)}` : `edited ${formatPostDate(post.updatedAt)}`}
        </div>
      </div>
      {confirming ? (
        // Distinct keys: React must not morph the action buttons into these (their colours would animate).
        <div key="confirm" className="flex flex-wrap items-center gap-2" role="group" aria-label={`Confirm deleting ${post.title}`}>
          <span className="text-sm">Delete this post{post.published ? ' and remove it from the library' : ''}?</span>
          <Button variant="destructive" size="sm" disabled={busy} onClick={() => del.mutate(post)}>
            {del.isPending ? <Spinner /> : <Trash2 />} Delete
          </Button>
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => setConfirming(false)} autoFocus>
            Cancel
          </Button>
        </div>
      ) : (
        <div key="actions" className="flex flex-wrap items-center gap-1 sm:flex-nowrap">
          <Button variant="outline" size="sm" onClick={onEdit} disabled={busy} aria-label={`Edit ${post.title}`}>
            <Pencil /> Edit
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => toggle.mutate(post)}
            disabled={busy}
            aria-label={`${post.published ? 'Unpublish' : 'Publish'} ${post.title}`}
          >
            {toggle.isPending ? <Spinner /> : post.published ? <EyeOff /> : <Send />} {post.published ? 'Unpublish' : 'Publish'}
          </Button>
          {post.published && (
            <Button variant="ghost" size="sm" asChild>
              <Link to={`/blog/${post.slug}`} aria-label={`View ${post.title} on the blog`}>
                <ExternalLink /> <span className="sr-only sm:not-sr-only">View</span>
              </Link>
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} disabled={busy} aria-label={`Delete ${post.title}`}>
            <Trash2 />
          </Button>
        </div>
      )}
    </li>
  );
}

interface Draft {
  title: string;
  slug: string;
  excerpt: string;
  featuredImage: string;
  content: string;
}

function draftOf(post: BlogPost | null): Draft {
  return {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    // The API fills a missing excerpt from the content; the editor shows only one staff wrote, so
    // saving does not freeze the derived one.
    excerpt: post && post.excerpt !== derivedExcerpt(post.content) ? post.excerpt : '',
    featuredImage: post?.featuredImage ?? '',
    content: post?.content ?? '',
  };
}

function Editor({ post, onClose, onSaved }: { post: BlogPost | null; onClose: () => void; onSaved: (post: BlogPost) => void }) {
  const id = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(post));
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmLeave, setConfirmLeave] = useState(false);
  const published = post?.published ?? false;
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(post));

  useEffect(() => {
    if (!post) titleRef.current?.focus();
  }, [post]);

  // Closing the tab with unsaved changes asks first (the browser shows its own message).
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const leave = () => (dirty ? setConfirmLeave(true) : onClose());

  // `context` is the draft as submitted: typing that happens while the request is in flight must survive its answer
  const save = useSaveBlogPost<Draft>({
    onSuccess: (saved, { context: sent }) => {
      setErrors({});
      // Take the server's version (normalised slug, trimmed fields) only if nothing was typed since submitting;
      // otherwise the newer typing stays, and counts as unsaved against the saved post.
      setDraft((cur) => (JSON.stringify(cur) === JSON.stringify(sent) ? draftOf(saved) : cur));
      onSaved(saved);
      const title = saved.published ? (published ? 'Changes published' : 'Post published') : published ? 'Post unpublished' : 'Draft saved';
      toast({ title, description: saved.title });
    },
    onError: (err) => {
      setErrors(err instanceof ApiError ? (err.fields ?? {}) : {});
      toast({ title: 'Could not save the post', description: messageOf(err, 'Please try again.'), variant: 'destructive' });
    },
  });

  function submit(status: BlogStatus) {
    const errs: Record<string, string> = {};
    if (!draft.title.trim()) errs.title = 'Title is required.';
    if (!draft.content.trim()) errs.content = 'Content is required.';
    setErrors(errs);
    if (Object.keys(errs).length > 0) {
      if (errs.content) setTab('write');
      return;
    }
    save.mutate({
      id: post?.id ?? null,
      body: {
        title: draft.title.trim(),
        // A new post without a slug gets one from its title; an edit keeps the current one.
        slug: draft.slug.trim() || post?.slug,
        excerpt: draft.excerpt.trim(),
        featuredImage: draft.featuredImage.trim() || null,
        content: draft.content,
        status,
      },
      context: draft,
    });
  }

  const set = (k: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const fieldError = (k: string) =>
    errors[k] ? (
      <p className="mt-1 text-xs text-red-600 dark:text-red-400" id={`${id}-${k}-error`}>
        {errors[k]}
      </p>
    ) : null;
  const invalid = (k: string) => (errors[k] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${k}-error` } : {});

  return (
    <>
      <div className="mb-4">
        <Button variant="ghost" size="sm" onClick={leave}>
          <ArrowLeft /> All posts
        </Button>
      </div>
      {confirmLeave && (
        <div
          role="alertdialog"
          aria-label="Unsaved changes"
          className="mb-4 flex flex-wrap items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <span className="mr-auto">This post has unsaved changes.</span>
          <Button variant="destructive" size="sm" onClick={onClose}>
            Discard changes
          </Button>
          <Button variant="outline" size="sm" onClick={() => setConfirmLeave(false)} autoFocus>
            Keep editing
          </Button>
        </div>
      )}
      <Heading title={post ? 'Edit post' : 'New post'}>{post && <StatusBadge status={post.status} />}</Heading>
      <form
        className="space-y-5 rounded-xl border bg-card p-4 sm:p-6"
        aria-label={post ? 'Edit post' : 'New post'}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          // Enter in a field (or Ctrl+S) saves without changing whether the post is live.
          submit(published ? 'published' : 'draft');
        }}
        onKeyDown={(e) => {
          if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
            e.preventDefault();
            if (!save.isPending) submit(published ? 'published' : 'draft');
          }
        }}
      >
        <div>
          <Label htmlFor={`${id}-title`}>Title</Label>
          <Input id={`${id}-title`} ref={titleRef} value={draft.title} onChange={set('title')} maxLength={200} className="mt-1" {...invalid('title')} />
          {fieldError('title')}
        </div>
        <div className="grid gap-5 md:grid-cols-2">
          <div>
            <Label htmlFor={`${id}-slug`}>Slug (address)</Label>
            <Input
              id={`${id}-slug`}
              value={draft.slug}
              onChange={set('slug')}
              maxLength={100}
              placeholder={post ? undefined : 'made from the title when empty'}
              className="mt-1 font-mono"
              {...invalid('slug')}
            />
            {fieldError('slug') ?? <p className="mt-1 text-xs text-muted-foreground">/blog/{draft.slug.trim() || '…'}. Changing it breaks old links.</p>}
          </div>
          <div>
            <Label htmlFor={`${id}-image`}>Featured image URL (optional)</Label>
            <Input
              id={`${id}-image`}
              type="url"
              value={draft.featuredImage}
              onChange={set('featuredImage')}
              placeholder="https://…"
              className="mt-1"
              {...invalid('featuredImage')}
            />
            {fieldError('featuredImage')}
          </div>
        </div>
        <div>
          <Label htmlFor={`${id}-excerpt`}>Excerpt (optional)</Label>
          <Textarea
            id={`${id}-excerpt`}
            value={draft.excerpt}
            onChange={set('excerpt')}
            rows={2}
            maxLength={500}
            placeholder="One or two sentences for lists and the home page. When empty, the opening of the post is used."
            className="mt-1"
            {...invalid('excerpt')}
          />
          {fieldError('excerpt')}
        </div>
        <div>
          <div className="flex flex-wrap items-end justify-between gap-2">
            <Label htmlFor={`${id}-content`}>Content (Markdown)</Label>
            <div role="tablist" aria-label="Content view" className="inline-flex rounded-lg border p-0.5 text-sm">
              {(['write', 'preview'] as const).map((t) => (
                <button
                  key={t}
                  type="button"
                  role="tab"
                  id={`${id}-tab-${t}`}
                  aria-selected={tab === t}
                  aria-controls={`${id}-panel`}
                  onClick={() => setTab(t)}
                  onKeyDown={(e) => {
                    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
                      const next = t === 'write' ? 'preview' : 'write';
                      setTab(next);
                      document.getElementById(`${id}-tab-${next}`)?.focus();
                    }
                  }}
                  tabIndex={tab === t ? 0 : -1}
                  className={`rounded-md px-3 py-1 font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring ${tab === t ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground'}`}
                >
                  {t === 'write' ? 'Write' : 'Preview'}
                </button>
              ))}
            </div>
          </div>
          <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${tab}`} className="mt-2">
            {tab === 'write' ? (
              <Textarea
                id={`${id}-content`}
                value={draft.content}
                onChange={set('content')}
                rows={18}
                placeholder={'## A heading\n\nA paragraph with **bold**, *italic* and [a link](https://example.org).\n\n- a list item'}
                className="font-mono"
                {...invalid('content')}
              />
            ) : draft.content.trim() ? (
              // The preview looks like the public page whatever the admin theme.
              <div className="max-h-[32rem] overflow-y-auto rounded-lg border bg-white p-4 sm:p-6" data-testid="blog-preview">
                <h2 className="mb-4 text-2xl font-bold tracking-tight text-slate-900">{draft.title || 'Untitled'}</h2>
                <Markdown source={draft.content} />
              </div>
            ) : (
              <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">Nothing to preview yet.</p>
            )}
            {fieldError('content')}
            <p className="mt-1 text-xs text-muted-foreground">
              Headings (#), **bold**, *italic*, `code`, [links](https://…), lists (- or 1.), &gt; quotes and ``` code blocks. HTML is shown as text.
            </p>
          </div>
        </div>
        <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:flex-wrap sm:items-center">
          <Button type="button" variant="ghost" onClick={leave} disabled={save.isPending}>
            Cancel
          </Button>
          <div className="flex flex-col gap-2 sm:ml-auto sm:flex-row">
            {published ? (
              <>
                <Button type="button" variant="outline" disabled={save.isPending} onClick={() => submit('draft')}>
                  <EyeOff /> Unpublish
                </Button>
                <Button type="submit" disabled={save.isPending}>
                  {save.isPending ? <Spinner /> : <Save />} Save changes
                </Button>
              </>
            ) : (
              <>
                <Button type="submit" variant="outline" disabled={save.isPending}>
                  {save.isPending ? <Spinner /> : <Save />} Save draft
                </Button>
                <Button type="button" disabled={save.isPending} onClick={() => submit('published')}>
                  <Eye /> Publish
                </Button>
              </>
            )}
          </div>
        </div>
      </form>
    </>
  );
}
