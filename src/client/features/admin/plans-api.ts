import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPlansResponse } from '@/shared/api/billing';
import type { PlanDefinition, PlanId } from '@/shared/plans';
import { apiJson } from '@/client/lib/api';
import { PLANS_KEY } from '@/client/features/billing/api';

/** Plan Management's data access ('plans:edit'). */

export const ADMIN_PLANS_API = '/api/admin/plans';

export type { PlanDefinition, PlanId };

/** What staff may change on a plan; prices are in cents. */
export type PlanEdit = Pick<PlanDefinition, 'name' | 'price' | 'monthlyCharacters' | 'wordLimit' | 'dailyDetections' | 'description' | 'highlights'>;

export function useAdminPlans() {
  return useQuery({ queryKey: [ADMIN_PLANS_API], queryFn: () => apiJson<AdminPlansResponse>('GET', ADMIN_PLANS_API) });
}

/** PUT /api/admin/plans/:id with the changed fields only → the saved plan. The public plan list (pricing, checkout) is refetched too. */
export function useSavePlan(cb: { onSuccess?: (plan: PlanDefinition) => void; onError?: (err: Error) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, edit }: { id: PlanId; edit: Partial<PlanEdit> }) =>
      (await apiJson<{ plan: PlanDefinition }>('PUT', `${ADMIN_PLANS_API}/${id}`, edit)).plan,
    onSuccess: async (plan) => {
      cb.onSuccess?.(plan);
      await Promise.all([qc.invalidateQueries({ queryKey: [ADMIN_PLANS_API] }), qc.invalidateQueries({ queryKey: PLANS_KEY })]);
    },
    onError: (err) => cb.onError?.(err),
  });
}
