import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ArrowRight, Check, Info, Minus, Scale } from 'lucide-react';
import { COMPETITOR_NAMES, Container, CtaBand, PageHeader, Prose, usePageTitle } from './_parts';
import { Button } from '@/client/components/ui/button';

export { COMPETITOR_NAMES };

/** Short, neutral description of what each competitor is — no claims about its features or numbers. */
export const COMPETITOR_KIND: Record<string, string> = {
  gptzero: 'a hosted AI-detection service',
  originality: 'a hosted AI-detection and plagiarism service for publishers',
  copyleaks: 'a hosted AI-detection and plagiarism service',
  zerogpt: 'a hosted AI-detection website',
  turnitin: 'an academic-integrity platform used by schools and universities',
  quillbot: 'a hosted writing and paraphrasing suite that includes an AI detector',
};

/** Competitor slugs; each is reachable at /{c}, /{c}-alternative, /{c}-detector and /vs-{c}-com. */
export const COMPETITORS: string[] = Object.keys(COMPETITOR_NAMES);

/** Returns the competitor slug for a comparison path, or null. */
export function matchComparisonPath(pathname: string): string | null {
  const seg = pathname.replace(/\/+$/, '').toLowerCase();
  const m = /^\/([a-z0-9-]+)$/.exec(seg);
  if (!m) return null;
  const p = m[1];
  for (const c of COMPETITORS) {
    if (p === c || p === `${c}-alternative` || p === `${c}-detector` || p === `vs-${c}-com`) return c;
  }
  return null;
}

export type Cell = { yes: boolean | null; text: string };

export function rows(name: string): { feature: string; us: Cell; them: Cell }[] {
  return [
    {
      feature: 'Source code',
      us: { yes: true, text: 'Open source — read, audit and modify it' },
      them: { yes: false, text: 'Proprietary' },
    },
    {
      feature: 'Where it runs',
      us: { yes: true, text: 'On your own server, or an instance you choose' },
      them: { yes: null, text: `On ${name}’s infrastructure` },
    },
    {
      feature: 'Where your text goes',
      us: { yes: true, text: 'Stays on the server running Veritext, by default' },
      them: { yes: null, text: `Sent to ${name}; see their privacy policy` },
    },
    {
      feature: 'Works without internet access',
      us: { yes: true, text: 'Yes, the engines run offline once installed' },
      them: { yes: false, text: 'Needs a connection to their service' },
    },
    {
      feature: 'Reasons shown for each sentence',
      us: { yes: true, text: 'Yes, with the signals behind each score' },
      them: { yes: null, text: 'Check their current product' },
    },
    {
      feature: '“Uncertain” verdict for weak evidence',
      us: { yes: true, text: 'Yes, instead of a forced yes/no' },
      them: { yes: null, text: 'Check their current product' },
    },
    {
      feature: 'Published method and limits',
      us: { yes: true, text: 'Model card in the source (docs/detector.md)' },
      them: { yes: null, text: 'Check their documentation' },
    },
    {
      feature: 'Run for you as a managed service',
      us: { yes: null, text: 'Depends on who runs your instance' },
      them: { yes: true, text: `Yes, operated by ${name}` },
    },
  ];
}

export function CellView({ cell }: { cell: Cell }) {
  const icon =
    cell.yes === true ? (
      <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden="true" />
    ) : cell.yes === false ? (
      <Minus className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
    ) : (
      <Info className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
    );
  return (
    <span className="flex items-start gap-2">
      {icon}
      <span>{cell.text}</span>
    </span>
  );
}

/**
 * Veritext against one competitor (its comparison page) or hosted detectors in general (the home page): a table on
 * wider screens, stacked cards on phones.
 */
export function VersusTable({
  rows: table,
  caption,
  them,
  themNote,
  className,
}: {
  rows: { feature: string; us: Cell; them: Cell }[];
  caption: string;
  them: string;
  themNote?: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <div className="hidden overflow-hidden rounded-xl border border-slate-200 md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-900">
            <tr>
              <th scope="col" className="w-1/4 px-5 py-3 font-semibold">
                Feature
              </th>
              <th scope="col" className="px-5 py-3 font-semibold text-indigo-700">
                Veritext
              </th>
              <th scope="col" className="px-5 py-3 font-semibold">
                {them}
                {themNote}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {table.map((r) => (
              <tr key={r.feature} className="align-top">
                <th scope="row" className="px-5 py-4 font-medium text-slate-900">
                  {r.feature}
                </th>
                <td className="bg-indigo-50/40 px-5 py-4 text-slate-800">
                  <CellView cell={r.us} />
                </td>
                <td className="px-5 py-4 text-slate-600">
                  <CellView cell={r.them} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="space-y-4 md:hidden">
        {table.map((r) => (
          <div key={r.feature} className="rounded-xl border border-slate-200 p-4">
            <dt className="font-semibold text-slate-900">{r.feature}</dt>
            <dd className="mt-3 space-y-2 text-sm">
              <div className="rounded-lg bg-indigo-50/60 p-3 text-slate-800">
                <p className="mb-1 text-xs font-semibold text-indigo-700">Veritext</p>
                <CellView cell={r.us} />
              </div>
              <div className="rounded-lg bg-slate-50 p-3 text-slate-600">
                <p className="mb-1 text-xs font-semibold text-slate-500">{them}</p>
                <CellView cell={r.them} />
              </div>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function UnknownCompetitor() {
  return (
    <Container className="py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Comparison not found</h1>
      <p className="mt-3 text-slate-600">We do not have a comparison page for this address.</p>
      <Button asChild size="lg" className="mt-6">
        <Link to="/">Back to home</Link>
      </Button>
    </Container>
  );
}

export default function ComparisonPage() {
  const { pathname } = useLocation();
  const slug = matchComparisonPath(pathname);
  const name = slug ? COMPETITOR_NAMES[slug] : '';
  usePageTitle(slug ? `Veritext vs ${name}: an open-source ${name} alternative` : 'Comparison not found');
  if (!slug) return <UnknownCompetitor />;

  const table = rows(name);
  const others = COMPETITORS.filter((c) => c !== slug);

  return (
    <div className="bg-white">
      <PageHeader
        eyebrow="Comparison"
        icon={Scale}
        title={`Veritext vs ${name}`}
        intro={
          <p>
            Looking for a {name} alternative? {name} is {COMPETITOR_KIND[slug]}. Veritext is an open-source AI detector you can host yourself. Here is how they
            differ on facts you can check.
          </p>
        }
      >
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/tools/ai-content-detector">
              Try the Veritext detector <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/about">About Veritext</Link>
          </Button>
        </div>
      </PageHeader>

      <section aria-labelledby="table-heading" className="py-12 sm:py-16">
        <Container>
          <h2 id="table-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            Side by side
          </h2>
          <p className="mt-2 max-w-3xl text-slate-600">
            We compare on how each product is built and operated, not on accuracy claims, which are hard to verify and depend on the texts tested.
          </p>

          <VersusTable rows={table} caption={`Veritext compared with ${name}`} them={name} className="mt-8" />

          <p className="mt-6 flex max-w-3xl items-start gap-2 text-sm text-slate-500">
            <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>
              Based on publicly available information. {name}’s features, plans and policies may change at any time — check {name}’s own website for current
              details. {name} is a trademark of its owner; Veritext is not affiliated with or endorsed by {name}.
            </span>
          </p>
        </Container>
      </section>

      <section className="border-t border-slate-200 bg-slate-50 py-12 sm:py-16">
        <Container>
          <div className="grid gap-8 md:grid-cols-2">
            <div className="rounded-2xl border border-slate-200 bg-white p-6">
              <h2 className="text-xl font-semibold text-slate-900">Choose Veritext if…</h2>
              <Prose className="mt-4 text-sm">
                <ul>
                  <li>documents must stay on your own server — student work, unpublished articles, client copy;</li>
                  <li>you need to run detection without internet access;</li>
                  <li>you want to see the reasons behind each flagged sentence and discuss them;</li>
                  <li>you prefer “uncertain” to a confident guess when the evidence is thin;</li>
                  <li>you want to audit or adapt the software yourself.</li>
                </ul>
              </Prose>
            </div>
            <div className="rounded-2xl border border-slate-200 bg-white p-6">
              <h2 className="text-xl font-semibold text-slate-900">{name} may suit you better if…</h2>
              <Prose className="mt-4 text-sm">
                <ul>
                  <li>you do not want to run or maintain any server yourself;</li>
                  <li>you need a vendor contract and vendor support;</li>
                  <li>you rely on integrations that {name} offers and Veritext does not;</li>
                  <li>your organisation already uses {name} and its workflow suits you.</li>
                </ul>
              </Prose>
            </div>
          </div>
          <Prose className="mt-10">
            <h2>A word on accuracy</h2>
            <p>
              Every AI detector, including Veritext, makes mistakes. Be wary of any single accuracy figure: results depend on text length, language, genre and
              the model that wrote it. Veritext documents its method and known limits in its model card (<code>docs/detector.md</code> in the source), and we
              suggest you test any detector on texts like yours before relying on it. Never treat a detector’s output as proof on its own.
            </p>
          </Prose>
        </Container>
      </section>

      <section aria-labelledby="others-heading" className="py-12">
        <Container>
          <h2 id="others-heading" className="text-lg font-semibold text-slate-900">
            Other comparisons
          </h2>
          <ul className="mt-4 flex flex-wrap gap-2">
            {others.map((c) => (
              <li key={c}>
                <Link
                  to={`/${c}-alternative`}
                  className="inline-flex rounded-full border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:border-indigo-300 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  Veritext vs {COMPETITOR_NAMES[c]}
                </Link>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <CtaBand
        title="See it for yourself"
        text="Paste a text into the detector and read the reasons behind every flagged sentence."
        primary={{ to: '/tools/ai-content-detector', label: 'Open the detector' }}
        secondary={{ to: '/register', label: 'Create a free account' }}
      />
    </div>
  );
}
