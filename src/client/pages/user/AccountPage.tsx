import { Link } from 'react-router';
import { planBadge, upgradeLabel } from '@/shared/roles';
import { useCurrentUser, useLogout } from '@/client/lib/auth';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { PageShell } from '@/client/components/PageShell';

export default function AccountPage() {
  const { user } = useCurrentUser();
  const logout = useLogout('user');
  if (!user) return null;
  const upgrade = upgradeLabel(user.role);
  return (
    <PageShell title="Account Settings" description="Your profile and sign-in details.">
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Profile</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 text-sm">
              <div>
                <dt className="text-muted-foreground">Username</dt>
                <dd className="mt-0.5 break-all font-medium">{user.username}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Email</dt>
                <dd className="mt-0.5 break-all font-medium">{user.email}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Plan</dt>
                <dd className="mt-1 flex flex-wrap items-center gap-3">
                  <Badge>{planBadge(user.role)}</Badge>
                  {upgrade && (
                    <Link to="/pricing" className="font-medium text-primary hover:underline">
                      {upgrade}
                    </Link>
                  )}
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Security</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 text-sm">
            <p className="text-muted-foreground">To change your password, request a reset link; it is sent to your e-mail address.</p>
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline">
                <Link to="/forgot-password">Change password</Link>
              </Button>
              <Button variant="ghost" onClick={() => void logout()}>
                Log out
              </Button>
            </div>
          </CardContent>
        </Card>
      </div>
    </PageShell>
  );
}
