import { Link } from 'react-router';
import { FileText } from 'lucide-react';
import { SITE } from '@/client/lib/site';
import { LegalPage, type LegalSection } from './_parts';

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'About these terms',
    body: (
      <p>
        These terms apply when you use this website, an instance of the open-source {SITE.name} software. The instance is provided by its operator, who is
        responsible for it. By using the service you agree to these terms; if you do not agree, please do not use it.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>Give accurate details when you register and keep your password safe.</li>
        <li>You are responsible for activity under your account. Tell us promptly if you think it has been misused.</li>
        <li>One person per account; do not share logins.</li>
      </ul>
    ),
  },
  {
    id: 'use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>break the law or infringe other people’s rights, including copyright and privacy;</li>
          <li>submit content you have no right to process, or that is unlawful or abusive;</li>
          <li>use the tools to deceive — for example to present AI-generated work as your own where that is not allowed;</li>
          <li>try to get around usage limits, probe or disrupt the service, or access other people’s accounts;</li>
          <li>scrape or resell the service without the operator’s written permission.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'results',
    title: 'Tool results',
    body: (
      <p>
        Results are produced automatically and can be wrong. AI-detection results in particular are estimates, not proof of authorship, and must not be the sole
        basis for decisions that affect people. See the <Link to="/disclaimer">disclaimer</Link>.
      </p>
    ),
  },
  {
    id: 'content',
    title: 'Your content',
    body: (
      <p>
        You keep all rights to the text and files you submit and to the results you generate. You give the operator only the permission needed to process them
        to provide the service.
      </p>
    ),
  },
  {
    id: 'plans',
    title: 'Plans and payments',
    body: (
      <p>
        Some tools and higher limits require a paid plan. Prices and what each plan includes are shown on the <Link to="/pricing">pricing page</Link>. Refunds
        are covered by the <Link to="/refund">refund policy</Link>.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes',
    body: (
      <p>
        The operator aims to keep the service running but does not guarantee it will always be available or error-free, and may change or withdraw tools. Some
        tools listed may not be available yet; they are marked as such.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and closing your account',
    body: (
      <p>
        You can stop using the service and ask for your account to be closed at any time. The operator may suspend accounts that break these terms, and will
        explain why where appropriate.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <p>
        To the extent the law allows, the service is provided “as is” and the operator is not liable for indirect losses or for decisions you make based on tool
        results. Nothing in these terms limits rights you have under consumer law that cannot be excluded.
      </p>
    ),
  },
  {
    id: 'software',
    title: 'Open-source software',
    body: (
      <p>
        The {SITE.name} software is distributed under its own open-source licence. These terms cover your use of this hosted service, not the software licence.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms: <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalPage title="Terms of Service" icon={FileText} intro={<p>The rules for using this {SITE.name} instance, in plain English.</p>} sections={sections} />
  );
}
