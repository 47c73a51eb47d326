import { EyeOff, Handshake, Mail, Megaphone, Tag, type LucideIcon } from 'lucide-react';
import { SITE } from '@/client/lib/site';
import { Container, PageHeader, Prose, usePageTitle } from './_parts';

const RULES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Tag,
    title: 'Always labelled',
    text: 'Any sponsored placement is clearly marked as advertising, never disguised as content or a tool result.',
  },
  {
    icon: EyeOff,
    title: 'No tracking of readers',
    text: 'Direct placements are served by this site itself: no third-party tracking pixels, no cookies, no profiling of visitors. Paying subscribers see no ads at all.',
  },
  {
    icon: Handshake,
    title: 'Relevant and honest',
    text: 'We accept offers that are useful to writers, educators and marketers, and decline misleading ones — for example services that promise to “beat” detectors for cheating.',
  },
];

export default function AdvertisePage() {
  usePageTitle('Advertise');
  return (
    <div className="bg-white">
      <PageHeader
        eyebrow="Advertise"
        icon={Megaphone}
        title={`Advertise on ${SITE.name}`}
        intro={
          <p>
            Sponsorships and advertising on this instance are arranged directly with its operator. If your product is useful to students, teachers, writers,
            marketers or SEO specialists, get in touch.
          </p>
        }
      />
      <Container className="py-12 sm:py-16">
        <h2 className="text-xl font-semibold text-slate-900">Our advertising rules</h2>
        <ul className="mt-5 grid gap-4 md:grid-cols-3">
          {RULES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-slate-200 p-5">
              <Icon className="h-5 w-5 text-indigo-600" aria-hidden="true" />
              <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ul>

        <div className="mt-12 grid gap-10 lg:grid-cols-[minmax(0,1fr)_380px]">
          <Prose>
            <h2 className="mt-0!">How to get started</h2>
            <ol>
              <li>E-mail us with your company name, website and what you would like to promote.</li>
              <li>Tell us the audience you want to reach and the dates you have in mind.</li>
              <li>We reply with the placements available on this instance and their terms.</li>
            </ol>
            <p>
              We do not publish audience figures we cannot stand behind. If you need traffic information, ask and we will share what the operator of this
              instance actually measures.
            </p>
          </Prose>
          <div className="self-start rounded-2xl border border-indigo-200 bg-indigo-50/60 p-6">
            <Mail className="h-7 w-7 text-indigo-600" aria-hidden="true" />
            <h2 className="mt-3 text-lg font-semibold text-slate-900">Write to us</h2>
            <a
              href={`mailto:${SITE.supportEmail}?subject=${encodeURIComponent('Advertising enquiry')}`}
              className="mt-4 inline-flex max-w-full items-center gap-2 break-all rounded-lg bg-indigo-600 px-4 py-3 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              {SITE.supportEmail}
            </a>
            <p className="mt-3 text-xs text-slate-600">Please use the subject line “Advertising enquiry”.</p>
          </div>
        </div>
      </Container>
    </div>
  );
}
