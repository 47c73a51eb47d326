import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { AdminOverview } from '@/shared/api/admin';
import type { AdminDashboardResponse } from '@/shared/api/admin-analytics';
import type { BlogListResponse, BlogPost, BlogPostResponse, BlogStatus } from '@/shared/api/blog';
import type { LibraryImportResponse } from '@/shared/api/library';
import type { LibraryListResponse, REFERENCE_ORIGINS } from '@/shared/api/plagiarism';
import { apiJson, apiRequest, apiUpload, fileForm } from '@/client/lib/api';
import { ADMIN_BLOG_API, BLOG_LIST_API } from '@/client/features/blog/api';

/** The admin pages' data access: every call of the staff API goes through these hooks. */

export const ADMIN_OVERVIEW_API = '/api/admin/overview';
export const ADMIN_LIBRARY_API = '/api/admin/library';
export { ADMIN_BLOG_API };

export const ADMIN_DASHBOARD_API = '/api/admin/dashboard';

export type { AdminDashboardResponse, AdminOverview };

export function useAdminOverview() {
  return useQuery({ queryKey: [ADMIN_OVERVIEW_API], queryFn: () => apiJson<AdminOverview>('GET', ADMIN_OVERVIEW_API) });
}

/** The dashboard's figures and 30-day series; `refetch` is the page's Refresh Data. */
export function useAdminDashboard() {
  return useQuery({ queryKey: [ADMIN_DASHBOARD_API], queryFn: () => apiJson<AdminDashboardResponse>('GET', ADMIN_DASHBOARD_API) });
}

/** What a page does once a change is saved; it runs before the affected lists are refetched. */
interface Callbacks<T, V> {
  onSuccess?: (data: T, vars: V) => void;
  onError?: (err: Error) => void;
}

/** A mutation that refreshes every query under `keys` once it succeeds. */
function useStaffMutation<T, V>(mutationFn: (vars: V) => Promise<T>, keys: QueryKey[], cb: Callbacks<T, V> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data, vars) => {
      cb.onSuccess?.(data, vars);
      await Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
    onError: (err) => cb.onError?.(err),
  });
}

// --- Reference library -------------------------------------------------------------------------

export type LibraryOrigin = (typeof REFERENCE_ORIGINS)[number];

/**
 * The bundled library's background import; polled every 3 s while an instance is importing, so the count and the
 * list fill in as documents arrive.
 */
export function useLibraryImport() {
  const qc = useQueryClient();
  return useQuery({
    queryKey: [ADMIN_LIBRARY_API, 'import'],
    queryFn: async () => {
      const body = await apiJson<LibraryImportResponse>('GET', `${ADMIN_LIBRARY_API}/import`);
      if (body.import?.status === 'running')
        void qc.invalidateQueries({ queryKey: [ADMIN_LIBRARY_API], exact: false, predicate: (q) => q.queryKey[1] !== 'import' });
      return body;
    },
    refetchInterval: (q) => (q.state.data?.import?.status === 'running' ? 3000 : false),
  });
}

/** One page of the library, filtered by origin; the previous page stays on screen while the next loads. */
export function useLibraryList(q: { origin: LibraryOrigin | ''; offset: number; limit: number }) {
  const url = `${ADMIN_LIBRARY_API}?limit=${q.limit}&offset=${q.offset}${q.origin ? `&origin=${q.origin}` : ''}`;
  return useQuery({
    queryKey: [ADMIN_LIBRARY_API, q.origin, q.offset, q.limit],
    queryFn: () => apiJson<LibraryListResponse>('GET', url),
    placeholderData: keepPreviousData,
  });
}

export interface NewLibraryDocument {
  title: string;
  reference: string;
  licence: string;
  text: string;
  file: File | null;
}

/** POST /api/admin/library as multipart (a file and the fields) or JSON (pasted text). */
async function addDocument(input: NewLibraryDocument): Promise<{ id: string }> {
  if (!input.file)
    return apiJson('POST', ADMIN_LIBRARY_API, { title: input.title, reference: input.reference, licence: input.licence || undefined, text: input.text });
  const form = fileForm(input.file, { title: input.title, reference: input.reference, licence: input.licence });
  return (await apiUpload(ADMIN_LIBRARY_API, form)) as { id: string };
}

export function useAddLibraryDocument(cb?: Callbacks<{ id: string }, NewLibraryDocument>) {
  return useStaffMutation(addDocument, [[ADMIN_LIBRARY_API]], cb);
}

export function useDeleteLibraryDocument(cb?: Callbacks<Response, string>) {
  return useStaffMutation((id: string) => apiRequest('DELETE', `${ADMIN_LIBRARY_API}/${id}`), [[ADMIN_LIBRARY_API]], cb);
}

// --- Blog ---------------------------------------------------------------------------------------

/** Every cache that shows posts: the staff list, the public list (home and /blog) and post pages. */
const BLOG_QUERIES: QueryKey[] = [[ADMIN_BLOG_API], [BLOG_LIST_API], ['/api/blog/posts']];

/** Staff list: drafts and published posts. */
export function useAdminBlogPosts() {
  return useQuery({ queryKey: [ADMIN_BLOG_API], queryFn: () => apiJson<BlogListResponse>('GET', ADMIN_BLOG_API) });
}

export interface BlogPostDraft {
  title: string;
  slug?: string;
  excerpt: string;
  featuredImage: string | null;
  content: string;
  status: BlogStatus;
}

/** A save: the post's id (null creates one), the body sent, and whatever the page wants back in its callback. */
export interface SaveBlogPost<C> {
  id: string | null;
  body: BlogPostDraft;
  context: C;
}

/** Create a post or change one; answers the saved post. */
export function useSaveBlogPost<C>(cb?: Callbacks<BlogPost, SaveBlogPost<C>>) {
  return useStaffMutation(
    async ({ id, body }: SaveBlogPost<C>) =>
      (await apiJson<BlogPostResponse>(id ? 'PATCH' : 'POST', id ? `${ADMIN_BLOG_API}/${id}` : ADMIN_BLOG_API, body)).post,
    BLOG_QUERIES,
    cb,
  );
}

/** Publish a draft or take a published post back to draft. */
export function useTogglePublished(cb?: Callbacks<BlogPost, BlogPost>) {
  return useStaffMutation(
    async (post: BlogPost) => (await apiJson<BlogPostResponse>('POST', `${ADMIN_BLOG_API}/${post.id}/${post.published ? 'unpublish' : 'publish'}`)).post,
    BLOG_QUERIES,
    cb,
  );
}

export function useDeleteBlogPost(cb?: Callbacks<Response, BlogPost>) {
  return useStaffMutation((post: BlogPost) => apiRequest('DELETE', `${ADMIN_BLOG_API}/${post.id}`), BLOG_QUERIES, cb);
}
