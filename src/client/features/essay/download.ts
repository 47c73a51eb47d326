export { saveBlob } from '@/client/lib/download';

/** "Should cities ban cars?" → "should-cities-ban-cars" (for file names). */
export function slugify(s: string, fallback = 'essay'): string {
  const slug = s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || fallback;
}
