import { Link } from 'react-router';
import { Bug, CreditCard, HelpCircle, Mail, ShieldCheck, type LucideIcon } from 'lucide-react';
import { SITE } from '@/client/lib/site';
import { Container, PageHeader, Prose, usePageTitle } from './_parts';

const TOPICS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: HelpCircle,
    title: 'Questions about a tool',
    text: 'Tell us which tool you used and what you expected. Please do not send confidential text unless you need to.',
  },
  {
    icon: CreditCard,
    title: 'Account and billing',
    text: 'Include the e-mail address of your account. We will never ask for your password.',
  },
  {
    icon: Bug,
    title: 'Something is broken',
    text: 'Describe the steps that led to the problem, the page address and your browser.',
  },
  {
    icon: ShieldCheck,
    title: 'Privacy requests',
    text: 'Ask for a copy or deletion of your data. See the privacy policy for what we hold.',
  },
];

export default function ContactPage() {
  usePageTitle('Contact');
  const mailto = `mailto:${SITE.supportEmail}`;
  return (
    <div className="bg-white">
      <PageHeader
        eyebrow="Contact"
        icon={Mail}
        title="Contact us"
        intro={<p>The quickest way to reach the team running this {SITE.name} instance is by e-mail.</p>}
      />
      <Container className="py-12 sm:py-16">
        <div className="grid gap-10 lg:grid-cols-[380px_minmax(0,1fr)]">
          <div className="self-start rounded-2xl border border-indigo-200 bg-indigo-50/60 p-6 sm:p-8">
            <Mail className="h-8 w-8 text-indigo-600" aria-hidden="true" />
            <h2 className="mt-4 text-xl font-semibold text-slate-900">Support e-mail</h2>
            <p className="mt-2 text-sm text-slate-600">Write to us and a person will read your message.</p>
            <a
              href={mailto}
              className="mt-5 inline-flex max-w-full items-center gap-2 break-all rounded-lg bg-indigo-600 px-4 py-3 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              {SITE.supportEmail}
            </a>
            <p className="mt-5 text-xs leading-relaxed text-slate-500">
              Response times depend on the operator of this instance. Before writing, you may find an answer in the{' '}
              <Link to="/faq" className="font-medium text-indigo-700 underline">
                FAQ
              </Link>
              .
            </p>
          </div>

          <div>
            <h2 className="text-xl font-semibold text-slate-900">What to include</h2>
            <ul className="mt-5 grid gap-4 sm:grid-cols-2">
              {TOPICS.map(({ icon: Icon, title, text }) => (
                <li key={title} className="rounded-xl border border-slate-200 p-5">
                  <Icon className="h-5 w-5 text-indigo-600" aria-hidden="true" />
                  <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-slate-600">{text}</p>
                </li>
              ))}
            </ul>
            <Prose className="mt-10 text-sm">
              <h2 className="mt-0! text-xl!">About the software</h2>
              <p>
                {SITE.name} is open-source software. This address reaches the operator of this website, not necessarily the people who develop the software. Bug
                reports about the software itself are best filed with the open-source project.
              </p>
            </Prose>
          </div>
        </div>
      </Container>
    </div>
  );
}
