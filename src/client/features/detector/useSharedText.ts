import { useEffect, useState } from 'react';
import { parseShareFragment, type SharedItem } from '@/shared/share-target';

/**
 * Text shared to the installed app (manifest share_target → POST /share-target → a redirect here with the text in
 * the URL fragment): read once on mount, then the fragment is removed, so a reload or a copied link does not carry
 * the text again. Read after mount, not during render: the server's HTML never has the fragment.
 */
export function useSharedText(onText: (text: string) => void): { notice: string | null; dismiss: () => void } {
  const [item, setItem] = useState<SharedItem | null>(null);
  useEffect(() => {
    const shared = parseShareFragment(window.location.hash);
    if (!shared) return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    if ('text' in shared) onText(shared.text);
    setItem(shared);
    // once, on mount: onText is the caller's setter
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const notice = !item
    ? null
    : 'error' in item
      ? `The shared item could not be used: ${item.error}`
      : item.truncated
        ? 'The shared text was long, so only its beginning was filled in.'
        : null;
  return { notice, dismiss: () => setItem(null) };
}
