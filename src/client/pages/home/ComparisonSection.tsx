import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { COMPETITOR_KIND, COMPETITOR_NAMES, VersusTable, rows } from '@/client/pages/content/ComparisonPage';

/** The comparison pages' own rows, worded for hosted detectors in general: no claim here that those pages do not make. */
const TABLE = rows('the provider');
const NAMES = Object.values(COMPETITOR_NAMES);

/** SPEC §2 comparison table: Veritext against the hosted detectors, on how each is built and run. */
export function ComparisonTable() {
  return (
    <div data-testid="comparison-table">
      <VersusTable
        rows={TABLE}
        caption="Veritext compared with hosted AI detectors"
        them="Hosted detectors"
        themNote={<span className="block text-xs font-normal text-slate-500">{NAMES.join(', ')}</span>}
      />
      <p className="mt-4 text-sm text-slate-500">
        We compare how each product is built and run, not accuracy claims, which depend on the texts tested. Check each provider’s current product for the rows
        marked with an i.
      </p>
    </div>
  );
}

/** SPEC §2 competitor comparison: one card per competitor, with the neutral description of its comparison page. */
export function CompetitorCards() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="competitor-cards">
      {Object.entries(COMPETITOR_NAMES).map(([slug, name]) => (
        <li key={slug}>
          <Link
            to={`/${slug}-alternative`}
            className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-indigo-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            <span className="text-base font-semibold text-slate-900">Veritext vs {name}</span>
            <span className="mt-2 text-sm leading-relaxed text-slate-600">
              {name} is {COMPETITOR_KIND[slug]}. Veritext is open source and runs on your own server.
            </span>
            <span className="mt-auto inline-flex items-center gap-1 pt-3 text-sm font-medium text-indigo-700">
              Read the comparison <ArrowRight className="size-4 transition group-hover:translate-x-1" aria-hidden />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
