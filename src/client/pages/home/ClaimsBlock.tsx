import { Activity, Gauge, Server, Users, type LucideIcon } from 'lucide-react';
import { CLAIM_KEYS, type ClaimKey } from '@/shared/site-claim-keys';
import { useSiteClaims } from '@/client/features/site/claims-api';
import { Container } from '@/client/pages/content/_parts';

const ICONS: Record<ClaimKey, LucideIcon> = { piecesAnalysed: Activity, accuracy: Gauge, activeUsers: Users, availability: Server };

/**
 * The marketing figures of SPEC §1, as the server answers them: its real counts and the detector's measured
 * held-out figure, unless staff worded a figure themselves. A figure the server cannot stand behind is not shown.
 */
export function ClaimsBlock() {
  const q = useSiteClaims();
  const claims = q.data;
  // Loading or failed: the block is left out rather than showing placeholders that look like figures.
  if (!claims) return null;
  const shown = CLAIM_KEYS.filter((k) => claims[k].value !== null);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="claims-heading" className="border-b border-slate-200 bg-white py-10" data-testid="claims-block">
      <Container>
        <h2 id="claims-heading" className="sr-only">
          Veritext in figures
        </h2>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {shown.map((k) => {
            const c = claims[k];
            const Icon = ICONS[k];
            return (
              <div key={k} className="flex flex-col rounded-2xl border border-slate-200 bg-slate-50/60 p-4 sm:p-5" data-testid={`claim-${k}`}>
                <dt className="flex items-start gap-2 text-sm font-medium text-slate-600">
                  <Icon className="mt-0.5 size-4 shrink-0 text-indigo-600" aria-hidden />
                  {c.label}
                </dt>
                <dd
                  className="order-first mb-1 text-xl font-bold tracking-tight text-slate-900 sm:whitespace-nowrap sm:text-3xl"
                  data-testid={`claim-${k}-value`}
                >
                  {c.value}
                </dd>
                {c.note && <dd className="mt-1 text-xs leading-snug text-slate-500">{c.note}</dd>}
              </div>
            );
          })}
        </dl>
      </Container>
    </section>
  );
}
