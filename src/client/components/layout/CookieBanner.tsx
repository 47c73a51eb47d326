import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Cookie, X } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/utils';
import { announceConsent } from '@/client/lib/consent';

export const COOKIE_CONSENT_KEY = 'cookieConsent';
export const COOKIE_BANNER_DELAY_MS = 1000;

function storedConsent(): string | null {
  try {
    return window.localStorage.getItem(COOKIE_CONSENT_KEY);
  } catch {
    return null;
  }
}

function storeConsent(value: 'true' | 'minimal'): void {
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, value);
  } catch {
    // Storage may be blocked; the choice then lasts for this page only.
  }
  // e.g. the ad slots load the network only once this says 'true'
  announceConsent(value);
}

/** unset -> appears after 1 s; Accept All stores 'true'; Essential Only stores 'minimal'; close hides without storing. */
export function CookieBanner({ raised = false }: { raised?: boolean }) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (storedConsent() !== null) return;
    const timer = window.setTimeout(() => setVisible(true), COOKIE_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (!visible) return null;

  const choose = (value: 'true' | 'minimal') => {
    storeConsent(value);
    setVisible(false);
  };

  return (
    <section
      data-testid="cookie-banner"
      role="region"
      aria-label="Cookie consent"
      className={cn(
        'fixed inset-x-3 z-50 mx-auto max-w-3xl animate-fade-up rounded-2xl border border-border bg-card p-4 pr-12 shadow-xl sm:inset-x-6 sm:p-5 sm:pr-14',
        raised ? 'bottom-20 md:bottom-6' : 'bottom-3 sm:bottom-6',
      )}
    >
      <button
        type="button"
        aria-label="Close"
        onClick={() => setVisible(false)}
        className="absolute right-3 top-3 rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex gap-3">
          <Cookie className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
          <p className="text-sm text-foreground/80">
            We use essential cookies to keep you signed in. Optional cookies (such as analytics, or an ad network's) are used only if this site adds them and
            you accept them. Read our{' '}
            <Link to="/cookies" className="font-medium text-primary underline-offset-2 hover:underline">
              cookie policy
            </Link>
            .
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" size="sm" onClick={() => choose('minimal')}>
            Essential Only
          </Button>
          <Button size="sm" onClick={() => choose('true')}>
            Accept All
          </Button>
        </div>
      </div>
    </section>
  );
}
