import { lazy, Suspense, useEffect, useState } from 'react';
import { useToast } from '@/client/hooks/use-toast';

// Radix Toast (with its focus, dismiss and collection layers) is loaded once the page is idle or when the first toast
// is raised, whichever comes first: it is not part of what a page needs to show itself (and it is in place before a
// connection drops, so the "offline" toast can still show).
const ToastList = lazy(() => import('./toast-list'));

export function Toaster() {
  const { toasts } = useToast();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    if (toasts.length > 0) return setReady(true);
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 2000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const id = idle(() => setReady(true));
    return () => cancel(id);
  }, [ready, toasts.length]);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  );
}
