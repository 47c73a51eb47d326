import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { learnPermissions } from '@/shared/permissions';
import { isStaff } from '@/shared/roles';
import { useSessionPermissions } from '@/client/features/admin/roles-api';
import { toast } from '@/client/hooks/use-toast';
import { PageSpinner } from '@/client/components/ui/spinner';
import { AdminLayout } from './AdminLayout';

/**
 * The admin gate: spinner while loading; anonymous -> /admin-login; a logged-in user without
 * 'admin:access' gets the Access Denied toast and goes to /; staff get the admin layout.
 * What the user may do is the list /api/auth/me returned (a custom role's permissions live only there).
 */
export default function AdminGate() {
  const { user, permissions, isLoading } = useSessionPermissions();
  const navigate = useNavigate();
  const allowed = Boolean(user) && isStaff(user?.role) && permissions.includes('admin:access');
  const denied = Boolean(user) && !allowed;

  useEffect(() => {
    if (!denied) return;
    toast({ title: 'Access Denied', description: "You don't have permission to access the admin panel.", variant: 'destructive' });
    navigate('/', { replace: true });
  }, [denied, navigate]);

  if (isLoading) return <PageSpinner className="min-h-screen" label="Checking your access" />;
  if (!user) return <Navigate to="/admin-login" replace />;
  if (!allowed || !isStaff(user.role)) return null;
  // Pages that call can(role, …) read this list too, so every page agrees with the menu and the server.
  learnPermissions(user.role, permissions);
  return <AdminLayout user={user} role={user.role} permissions={permissions} />;
}
