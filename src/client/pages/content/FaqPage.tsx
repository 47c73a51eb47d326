import { Link } from 'react-router';
import { HelpCircle } from 'lucide-react';
import { FAQ_GROUPS } from '@/client/pages/home/faq';
import { Container, CtaBand, FaqList, PageHeader, usePageTitle } from './_parts';

function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export default function FaqPage() {
  usePageTitle('Frequently Asked Questions');
  return (
    <div className="bg-white">
      <PageHeader
        eyebrow="FAQ"
        icon={HelpCircle}
        title="Frequently asked questions"
        intro={
          <p>
            How the detector works, what it can and cannot tell you, and how your data is handled. Can’t find your answer?{' '}
            <Link to="/contact" className="font-medium text-indigo-700 underline underline-offset-2">
              Contact us
            </Link>
            .
          </p>
        }
      />
      <Container className="py-12 sm:py-16">
        <div className="grid gap-10 lg:grid-cols-[200px_minmax(0,1fr)]">
          <nav aria-label="FAQ sections" className="lg:sticky lg:top-24 lg:self-start">
            <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
              {FAQ_GROUPS.map((g) => (
                <li key={g.title}>
                  <a
                    href={`#${slugify(g.title)}`}
                    className="inline-flex rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:rounded-md lg:border-0 lg:px-2"
                  >
                    {g.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="max-w-3xl space-y-12">
            {FAQ_GROUPS.map((g) => (
              <section key={g.title} id={slugify(g.title)} aria-labelledby={`${slugify(g.title)}-h`} className="scroll-mt-24">
                <h2 id={`${slugify(g.title)}-h`} className="mb-4 text-xl font-bold tracking-tight text-slate-900">
                  {g.title}
                </h2>
                <FaqList items={g.items} />
              </section>
            ))}
          </div>
        </div>
      </Container>
      <CtaBand
        title="Still have a question?"
        text="Write to the team running this instance — a person will read it."
        primary={{ to: '/contact', label: 'Contact us' }}
        secondary={{ to: '/tools/ai-content-detector', label: 'Try the detector' }}
      />
    </div>
  );
}
