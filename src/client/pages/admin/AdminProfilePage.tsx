import { Link, useOutletContext } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { roleLabel } from '@/shared/roles';
import { Badge } from '@/client/components/ui/badge';
import { useCurrentUser } from '@/client/lib/auth';
import { AccountSection } from '@/client/features/account/AccountSection';
import { PasswordCard } from '@/client/features/account/PasswordCard';
import { ProfileCard } from '@/client/features/account/ProfileCard';
import type { AdminOutletContext } from './AdminLayout';
import { permissionTitle } from './AdminRolesPage';
import { visibleAdminItem } from './nav';
import { AdminHeading, NoAccess } from './parts';

/**
 * /admin/profile: the staff member's own name, e-mail, password and two-factor sign-in, with the account page's own
 * cards (the same forms and API), and what their role lets them do. Staff have no plan, so there is no plan card.
 */
export default function AdminProfilePage() {
  const { role, permissions } = useOutletContext<AdminOutletContext>();
  const { user } = useCurrentUser();
  const item = visibleAdminItem('/admin/profile', role, permissions);
  if (!item) return <NoAccess title="Admin Profile" />;
  if (!user) return null;
  return (
    <>
      <AdminHeading title={item.title} description="Your name, e-mail, password and two-factor sign-in." />
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileCard user={user} />
        <PasswordCard />
        <AccountSection
          title="Your role"
          description={
            <>
              What your role may do in the administrator area. Roles are given by an administrator in{' '}
              {permissions.includes('roles:manage') ? (
                <Link to="/admin/roles" className="underline hover:text-foreground">
                  Role Management
                </Link>
              ) : (
                'Role Management'
              )}
              ; nobody changes their own.
            </>
          }
          className="lg:col-span-2"
        >
          <p className="mb-3">
            <Badge>{roleLabel(role)}</Badge>
          </p>
          <ul className="grid gap-1.5 text-sm sm:grid-cols-2" data-testid="my-permissions">
            {permissions.map((p) => (
              <li key={p} className="flex items-start gap-2">
                <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                <span>
                  {permissionTitle(p)} <code className="text-xs text-muted-foreground">{p}</code>
                </span>
              </li>
            ))}
          </ul>
        </AccountSection>
      </div>
    </>
  );
}
