import { Link } from 'react-router';
import { Bug, CreditCard, HelpCircle, Mail, ShieldCheck, type LucideIcon } from 'lucide-react';
import { SITE } from '@/client/lib/site';
import { ContactForm } from '@/client/features/support/ContactForm';
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
        intro={<p>Questions, problems or privacy requests: send the team running this {SITE.name} instance a message and we will answer by e-mail.</p>}
      />
      <Container className="py-12 sm:py-16">
        <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_360px]">
          {/* Its own height: the form does not stretch to the side column's. */}
          <div className="self-start">
            <ContactForm />
          </div>

          <aside className="space-y-6">
            <div className="rounded-2xl border border-indigo-200 bg-indigo-50/60 p-6">
              <Mail className="h-7 w-7 text-indigo-600" aria-hidden="true" />
              <h2 className="mt-3 text-lg font-semibold text-slate-900">Prefer e-mail?</h2>
              <p className="mt-1 text-sm text-slate-600">Write to us directly and a person will read your message.</p>
              <a
                href={mailto}
                className="mt-4 inline-flex max-w-full items-center gap-2 break-all rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                {SITE.supportEmail}
              </a>
              <p className="mt-4 text-xs leading-relaxed text-slate-600">
                Response times depend on the operator of this instance. Before writing, you may find an answer in the{' '}
                <Link to="/faq" className="font-medium text-indigo-700 underline">
                  FAQ
                </Link>
                .
              </p>
            </div>

            <div>
              <h2 className="text-lg font-semibold text-slate-900">What to include</h2>
              <ul className="mt-4 space-y-3">
                {TOPICS.map(({ icon: Icon, title, text }) => (
                  <li key={title} className="flex gap-3 rounded-xl border border-slate-200 p-4">
                    <Icon className="mt-0.5 h-5 w-5 shrink-0 text-indigo-600" aria-hidden="true" />
                    <div>
                      <h3 className="font-semibold text-slate-900">{title}</h3>
                      <p className="mt-1 text-sm leading-relaxed text-slate-600">{text}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          </aside>
        </div>
        <Prose className="mt-12 text-sm">
          <h2 className="mt-0! text-xl!">About the software</h2>
          <p>
            {SITE.name} is open-source software. This form and address reach the operator of this website, not necessarily the people who develop the software.
            Bug reports about the software itself are best filed with the open-source project.
          </p>
        </Prose>
      </Container>
    </div>
  );
}
