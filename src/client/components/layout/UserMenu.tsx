import { Link } from 'react-router';
import { ChevronDown, CreditCard, FileStack, History, LayoutDashboard, LogOut, Settings } from 'lucide-react';
import type { PublicUser } from '@/shared/api/auth';
import { planBadge, upgradeLabel } from '@/shared/roles';
import { useLogout } from '@/client/lib/auth';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/client/components/ui/dropdown-menu';

/**
 * The initial is drawn by CSS, not written in the DOM: a menu button's visible words must appear in its accessible
 * name, in order, for speech input ("click alice"), and a letter in the text would break that.
 */
export function Avatar({ name }: { name: string }) {
  return (
    <span
      className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold uppercase text-primary before:content-[attr(data-initial)]"
      data-initial={name.slice(0, 1)}
      aria-hidden="true"
    />
  );
}

/** Header account menu: username (truncated), e-mail, plan badge, Dashboard, Account Settings, upgrade, Logout. */
export function UserMenu({ user }: { user: PublicUser }) {
  const logout = useLogout('user');
  const upgrade = upgradeLabel(user.role);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="h-10 gap-2 px-2" data-testid="user-menu-trigger" aria-label={`Account menu for ${user.username}`}>
          <Avatar name={user.username} />
          <span className="hidden max-w-[8rem] truncate text-sm font-medium sm:inline">{user.username}</span>
          <ChevronDown className="text-muted-foreground" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="flex flex-col gap-1">
          <span className="truncate font-semibold" title={user.username}>
            {user.username}
          </span>
          <span className="truncate text-xs font-normal text-muted-foreground" title={user.email}>
            {user.email}
          </span>
          <Badge className="mt-1 w-fit">{planBadge(user.role)}</Badge>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/dashboard">
            <LayoutDashboard aria-hidden="true" /> Dashboard
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/history">
            <History aria-hidden="true" /> History &amp; reports
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/batch">
            <FileStack aria-hidden="true" /> Batch checks
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/account">
            <Settings aria-hidden="true" /> Account Settings
          </Link>
        </DropdownMenuItem>
        {upgrade && (
          <DropdownMenuItem asChild>
            <Link to="/pricing" className="text-primary">
              <CreditCard aria-hidden="true" /> {upgrade}
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logout()}>
          <LogOut aria-hidden="true" /> Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
