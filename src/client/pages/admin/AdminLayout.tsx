import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, KeyRound, LogOut, Menu, Moon, RefreshCw, Settings, ShieldCheck, Sun, User, X } from 'lucide-react';
import type { PublicUser } from '@/shared/api/auth';
import type { Permission } from '@/shared/permissions';
import { roleLabel, type StaffRole } from '@/shared/roles';
import { useLogout } from '@/client/lib/auth';
import { SITE } from '@/client/lib/site';
import { useAdminTheme } from '@/client/lib/theme';
import { cn } from '@/client/lib/utils';
import { Button } from '@/client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/client/components/ui/dropdown-menu';
import { PageSpinner } from '@/client/components/ui/spinner';
import { Avatar } from '@/client/components/layout/UserMenu';
import { adminNavFor, roleBanner } from './nav';

/** The profile menu's role line; a custom role is named from its id (the session answer carries no name). */
function roleName(role: StaffRole): string {
  return role === 'admin' ? 'Administrator' : roleLabel(role);
}

/** What every admin page gets from the layout (`useOutletContext`): the role, and what it may do (from /api/auth/me). */
export interface AdminOutletContext {
  role: StaffRole;
  permissions: Permission[];
}

function AdminNav({ role, permissions }: { role: StaffRole; permissions: Permission[] }) {
  return (
    <nav aria-label="Administration" className="flex flex-col gap-5 px-3 py-4">
      {adminNavFor(role, permissions).map((g) => (
        <div key={g.group}>
          <h2 className="px-2 pb-1.5 text-xs font-semibold uppercase tracking-wider text-slate-400">{g.group}</h2>
          <ul className="flex flex-col gap-0.5">
            {g.items.map((i) => (
              <li key={i.label}>
                <NavLink
                  to={i.path}
                  end
                  className={({ isActive }) =>
                    cn(
                      'block rounded-md px-2 py-1.5 text-sm transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-300',
                      isActive ? 'bg-white/10 font-medium text-white' : 'text-slate-300',
                    )
                  }
                >
                  {i.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

export function AdminLayout({ user, role, permissions }: { user: PublicUser; role: StaffRole; permissions: Permission[] }) {
  const [drawer, setDrawer] = useState(false);
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const logout = useLogout('admin');
  const banner = roleBanner(role);
  const { theme, toggle: toggleTheme } = useAdminTheme();

  useEffect(() => setDrawer(false), [pathname]);

  return (
    <div className="flex min-h-screen bg-surface">
      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 overflow-y-auto bg-slate-900 lg:block">
        <div className="flex h-16 items-center gap-2 border-b border-white/10 px-5 text-white">
          <ShieldCheck className="h-5 w-5 text-indigo-300" aria-hidden="true" />
          <span className="font-semibold">{SITE.name} Admin</span>
        </div>
        <AdminNav role={role} permissions={permissions} />
      </aside>

      {drawer && (
        <div className="fixed inset-0 z-50 lg:hidden" role="dialog" aria-modal="true" aria-label="Administration menu">
          <div className="absolute inset-0 bg-slate-900/50" onClick={() => setDrawer(false)} aria-hidden="true" />
          <div id="admin-drawer" className="absolute inset-y-0 left-0 w-72 max-w-[85vw] overflow-y-auto bg-slate-900 shadow-xl">
            <div className="flex h-16 items-center justify-between border-b border-white/10 px-5 text-white">
              <span className="font-semibold">{SITE.name} Admin</span>
              <button
                type="button"
                aria-label="Close menu"
                className="rounded-md p-1.5 text-slate-300 hover:bg-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-300"
                onClick={() => setDrawer(false)}
              >
                <X className="h-5 w-5" aria-hidden="true" />
              </button>
            </div>
            <AdminNav role={role} permissions={permissions} />
          </div>
        </div>
      )}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-border bg-background px-4 sm:px-6">
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label="Open menu"
            aria-expanded={drawer}
            aria-controls="admin-drawer"
            onClick={() => setDrawer(true)}
          >
            <Menu className="!size-5" aria-hidden="true" />
          </Button>
          <Link to="/" className="text-sm text-muted-foreground hover:text-primary">
            View site
          </Link>
          <div className="ml-auto flex items-center gap-2">
            <Button
              variant="ghost"
              size="icon"
              onClick={toggleTheme}
              aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
              title={theme === 'dark' ? 'Light theme' : 'Dark theme'}
            >
              {theme === 'dark' ? <Sun className="!size-5" aria-hidden="true" /> : <Moon className="!size-5" aria-hidden="true" />}
            </Button>
            <Button variant="outline" size="sm" onClick={() => void queryClient.invalidateQueries()}>
              <RefreshCw aria-hidden="true" /> <span className="hidden sm:inline">Refresh Data</span>
            </Button>
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="ghost" className="h-10 gap-2 px-2" aria-label={`Profile menu for ${user.username}`}>
                  <Avatar name={user.username} />
                  <span className="hidden max-w-[8rem] truncate text-sm font-medium sm:inline">{user.username}</span>
                  <ChevronDown className="text-muted-foreground" aria-hidden="true" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end" className="w-60">
                <DropdownMenuLabel className="flex flex-col gap-0.5">
                  <span className="truncate font-semibold">{user.username}</span>
                  <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
                  <span className="text-xs font-normal text-muted-foreground">{roleName(role)}</span>
                </DropdownMenuLabel>
                <DropdownMenuSeparator />
                <DropdownMenuItem asChild>
                  <Link to="/admin/profile">
                    <User aria-hidden="true" /> My Profile
                  </Link>
                </DropdownMenuItem>
                {permissions.includes('api-keys:manage') && (
                  <DropdownMenuItem asChild>
                    <Link to="/admin/api-keys">
                      <KeyRound aria-hidden="true" /> API Keys
                    </Link>
                  </DropdownMenuItem>
                )}
                {permissions.includes('settings:edit') && (
                  <DropdownMenuItem asChild>
                    <Link to="/admin/settings">
                      <Settings aria-hidden="true" /> Settings
                    </Link>
                  </DropdownMenuItem>
                )}
                <DropdownMenuSeparator />
                <DropdownMenuItem onSelect={() => void logout()}>
                  <LogOut aria-hidden="true" /> Logout
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          </div>
        </header>

        {banner && (
          // a landmark of its own, so a screen reader's landmark list reaches it like the rest of the page
          <aside
            aria-label={banner.title}
            className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-amber-950 sm:px-6 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            <p className="text-sm font-semibold">{banner.title}</p>
            <p className="text-sm">{banner.text}</p>
          </aside>
        )}

        <main id="main" className="min-w-0 flex-1 px-4 py-8 sm:px-6">
          <Suspense fallback={<PageSpinner />}>
            <Outlet context={{ role, permissions } satisfies AdminOutletContext} />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
