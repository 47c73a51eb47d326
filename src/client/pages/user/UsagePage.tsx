import { Gauge } from 'lucide-react';
import { planBadge } from '@/shared/roles';
import { useCurrentUser } from '@/client/lib/auth';
import { Badge } from '@/client/components/ui/badge';
import { Notice, PageShell } from '@/client/components/PageShell';

export default function UsagePage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <PageShell title="Usage" description="Characters used on your plan.">
      <p className="mb-4 flex items-center gap-2 text-sm text-muted-foreground">
        Plan: <Badge>{planBadge(user.role)}</Badge>
      </p>
      <Notice icon={<Gauge className="h-5 w-5" />} title="Usage metering is not available on this server yet.">
        Once it is, the characters you have used and your plan's allowance will appear here.
      </Notice>
    </PageShell>
  );
}
