import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { canAccessAdmin } from '@/shared/permissions';
import { useCurrentUser } from '@/client/lib/auth';
import { toast } from '@/client/hooks/use-toast';
import { PageSpinner } from '@/client/components/ui/spinner';
import { AdminLayout } from './AdminLayout';

/**
 * The admin gate: spinner while loading; anonymous -> /admin-login; a logged-in user without
 * 'admin:access' gets the Access Denied toast and goes to /; staff get the admin layout.
 */
export default function AdminGate() {
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const denied = Boolean(user) && !canAccessAdmin(user?.role);

  useEffect(() => {
    if (!denied) return;
    toast({ title: 'Access Denied', description: "You don't have permission to access the admin panel.", variant: 'destructive' });
    navigate('/', { replace: true });
  }, [denied, navigate]);

  if (isLoading) return <PageSpinner className="min-h-screen" label="Checking your access" />;
  if (!user) return <Navigate to="/admin-login" replace />;
  if (!canAccessAdmin(user.role)) return null;
  return <AdminLayout user={user} role={user.role} />;
}
