import { Link } from 'react-router';
import { CreditCard } from 'lucide-react';
import { planBadge } from '@/shared/roles';
import { useCurrentUser } from '@/client/lib/auth';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Notice, PageShell } from '@/client/components/PageShell';

export default function PricingPage() {
  const { user } = useCurrentUser();
  return (
    <PageShell title="Pricing" description="Choose the plan that fits how you write.">
      {user && (
        <p className="mb-4 flex items-center gap-2 text-sm text-muted-foreground">
          Your current plan: <Badge>{planBadge(user.role)}</Badge>
        </p>
      )}
      <Notice icon={<CreditCard className="h-5 w-5" />} title="Plans and pricing are being set up on this server.">
        Paid plans are not on sale here yet. Every tool that needs no plan can be used in the meantime.
      </Notice>
      <div className="mt-6">
        <Button asChild>
          <Link to="/tools">Explore the tools</Link>
        </Button>
      </div>
    </PageShell>
  );
}
