import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import { canUseTool, findTool, lowestPlan } from '@/shared/catalogue';
import { DEFAULT_PLANS } from '@/shared/plans';
import { useCurrentUser } from '@/client/lib/auth';
import { Button } from '@/client/components/ui/button';

/**
 * Who may use a plan-gated tool, as the server decides it (catalogue requiredRole; staff are never limited by plan).
 * `loading` while the user is being read, so the page does not flash the upgrade prompt at a Pro user.
 */
export function useToolAccess(toolId: string): { loading: boolean; allowed: boolean; anonymous: boolean } {
  const { user, isLoading } = useCurrentUser();
  const tool = findTool(toolId);
  return { loading: isLoading, allowed: Boolean(tool && canUseTool(tool, user?.role ?? null)), anonymous: !user };
}

/** The upgrade prompt of a plan-gated tool page: the page stays visible, its actions are off. */
export function ProGateNotice({ toolId, anonymous }: { toolId: string; anonymous: boolean }) {
  const tool = findTool(toolId)!;
  const plan = DEFAULT_PLANS[lowestPlan(tool)].name;
  return (
    <div
      role="note"
      data-testid="pro-gate"
      className="mb-6 flex flex-col gap-3 rounded-2xl border border-indigo-200 bg-indigo-50 p-4 text-sm text-indigo-950 sm:flex-row sm:items-center"
    >
      <Lock className="size-5 shrink-0 text-indigo-700" aria-hidden />
      <p className="flex-1">
        <strong>
          The {tool.name} is part of the {plan} plan.
        </strong>{' '}
        {anonymous ? `Log in with a ${plan} account, or sign up and upgrade, to use it.` : `Upgrade to ${plan} to use it; you can look around first.`}
      </p>
      <div className="flex shrink-0 gap-2">
        {anonymous && (
          <Button asChild variant="outline" size="sm">
            <Link to="/login">Log in</Link>
          </Button>
        )}
        <Button asChild size="sm">
          <Link to="/pricing">{anonymous ? 'See plans' : `Upgrade to ${plan}`}</Link>
        </Button>
      </div>
    </div>
  );
}
