import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { SITE } from '@/client/lib/site';
import { LegalPage, type LegalSection } from './_parts';

const sections: LegalSection[] = [
  {
    id: 'who',
    title: 'Who is responsible',
    body: (
      <p>
        This website runs {SITE.name}, open-source software. The operator of this instance is the data controller: they decide how the service is run and are
        responsible for your personal data. You can reach them at <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>.
      </p>
    ),
  },
  {
    id: 'data',
    title: 'What we collect',
    body: (
      <>
        <ul>
          <li>
            <strong>Account details</strong> — your username and e-mail address, and your password stored only as a one-way hash. If you sign in with Google, we
            receive your name and e-mail address from Google.
          </li>
          <li>
            <strong>Plan and usage</strong> — your plan and how much of your allowance you have used, so limits can be applied.
          </li>
          <li>
            <strong>Text and files you submit to a tool</strong> — processed on this server to produce the result.
          </li>
          <li>
            <strong>Technical data</strong> — like most websites, the server may log IP addresses, request times and errors, to keep the service secure and
            working.
          </li>
          <li>
            <strong>Messages</strong> — e-mails you send to support.
          </li>
        </ul>
        <p>We do not use your data for advertising profiles and do not sell it.</p>
      </>
    ),
  },
  {
    id: 'tools',
    title: 'Text you submit to the tools',
    body: (
      <>
        <p>
          By default the {SITE.name} engines run on this server and do not send your text to an outside AI provider. The operator may enable optional external
          detection providers; if they do, the text you check may be sent to that provider to produce a result, under the provider’s own privacy terms.
        </p>
        <p>Please avoid submitting confidential or sensitive personal information unless you trust the operator of this instance with it.</p>
      </>
    ),
  },
  {
    id: 'why',
    title: 'Why we use it',
    body: (
      <ul>
        <li>to provide the tools and your account (performing our agreement with you);</li>
        <li>to apply plan limits, prevent abuse and keep the service secure (legitimate interests);</li>
        <li>to send service e-mails such as password resets;</li>
        <li>to meet legal obligations, for example for payment records.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <p>
        Only with service providers the operator uses to run this instance — for example hosting, e-mail delivery, payment processing, Google sign-in, or an
        external detection provider if enabled — and only as far as needed for that service, or where the law requires it.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        We use a session cookie to keep you logged in and remember your cookie choice in your browser. There are no third-party trackers by default. Details are
        in the <Link to="/cookies">cookie policy</Link>.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        Account data is kept while your account exists and deleted or anonymised after you close it, except where the law requires us to keep records (such as
        invoices) for longer. Server logs are kept for a limited period set by the operator.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <p>
        Depending on where you live, you may have the right to access, correct, export or delete your data, to object to or restrict its use, and to complain to
        your data protection authority. To make a request, write to <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: <p>If this policy changes in a meaningful way, the operator will update this page and, where appropriate, tell you by e-mail.</p>,
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      icon={ShieldCheck}
      intro={<p>What personal data this {SITE.name} instance collects, why, and the choices you have.</p>}
      sections={sections}
    />
  );
}
