import { useEffect, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { BarChart3, CreditCard, Home, User, Wrench } from 'lucide-react';
import { cn } from '@/client/lib/utils';

const ITEMS = [
  { to: '/', label: 'Home', icon: Home },
  { to: '/tools', label: 'Tools', icon: Wrench },
  { to: '/usage', label: 'Usage', icon: BarChart3 },
  { to: '/pricing', label: 'Pricing', icon: CreditCard },
  { to: '/account', label: 'Account', icon: User },
] as const;

/** Past this scroll depth, scrolling down hides the bar. */
export const BOTTOM_BAR_HIDE_AFTER = 50;

/** Fixed bar on small screens; hides while scrolling down past 50 px and returns on scroll up. */
export function BottomBar() {
  const [hidden, setHidden] = useState(false);
  const lastY = useRef(0);

  useEffect(() => {
    lastY.current = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y > lastY.current && y > BOTTOM_BAR_HIDE_AFTER) setHidden(true);
      else if (y < lastY.current) setHidden(false);
      lastY.current = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <nav
      aria-label="Quick navigation"
      data-testid="bottom-bar"
      aria-hidden={hidden}
      inert={hidden}
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur transition-transform duration-200 md:hidden',
        hidden ? 'translate-y-[calc(100%+1rem)]' : 'translate-y-0',
      )}
    >
      <ul className="grid grid-cols-5">
        {ITEMS.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === '/'}
              className={({ isActive }) =>
                cn(
                  'flex h-14 flex-col items-center justify-center gap-0.5 text-[11px] font-medium',
                  isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                )
              }
            >
              <Icon className="h-5 w-5" aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
