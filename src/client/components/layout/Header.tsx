import { Suspense, useEffect, useState } from 'react';
import { lazy } from '@/client/lib/hydration';
import { Link, NavLink, useLocation } from 'react-router';
import { Menu, X } from 'lucide-react';
import { useCurrentUser } from '@/client/lib/auth';
import { cn } from '@/client/lib/utils';
import { Button } from '@/client/components/ui/button';
import { Logo } from './Logo';

// The account menu (Radix dropdown, Floating UI) is for signed-in users only: visitors never download it.
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));

export const HEADER_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/tools', label: 'Tools' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/advertise', label: 'Advertise' },
] as const;

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground', isActive ? 'text-primary' : 'text-muted-foreground');

export function Header() {
  const { user, isLoading } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();

  // The mobile menu closes on route change.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {HEADER_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.to === '/'} className={navClass}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {isLoading ? (
            <span className="h-9 w-24" aria-hidden="true" />
          ) : user ? (
            <Suspense fallback={<span className="h-9 w-24" aria-hidden="true" />}>
              <UserMenu user={user} />
            </Suspense>
          ) : (
            <div className="hidden items-center gap-2 sm:flex">
              <Button asChild variant="ghost" size="sm">
                <Link to="/login">Login</Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/register">Sign up</Link>
              </Button>
            </div>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X className="!size-5" aria-hidden="true" /> : <Menu className="!size-5" aria-hidden="true" />}
          </Button>
        </div>
      </div>
      <div id="mobile-menu" hidden={!open} className="border-t border-border bg-background md:hidden">
        <nav aria-label="Mobile" className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
          {HEADER_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.to === '/'} className={navClass}>
              {l.label}
            </NavLink>
          ))}
          {!isLoading && !user && (
            <div className="mt-2 grid grid-cols-2 gap-2 border-t border-border pt-3">
              <Button asChild variant="outline">
                <Link to="/login">Login</Link>
              </Button>
              <Button asChild>
                <Link to="/register">Sign up</Link>
              </Button>
            </div>
          )}
        </nav>
      </div>
    </header>
  );
}
