import { Link } from 'react-router';
import { RotateCcw } from 'lucide-react';
import { SITE } from '@/client/lib/site';
import { LegalPage, type LegalSection } from './_parts';

const sections: LegalSection[] = [
  {
    id: 'summary',
    title: 'In short',
    body: (
      <p>
        If you were charged by mistake, or a paid feature did not work as described and we could not fix it, contact us and we will put it right. Refunds are
        handled by the operator of this instance.
      </p>
    ),
  },
  {
    id: 'subscriptions',
    title: 'Subscriptions',
    body: (
      <ul>
        <li>You can cancel a subscription at any time; it stays active until the end of the period you paid for.</li>
        <li>
          If you ask within 14 days of a charge and have not substantially used the paid features in that period, the operator will normally refund that charge
          in full.
        </li>
        <li>Partial refunds for unused time are at the operator’s discretion.</li>
        <li>
          If the charge for your current period is refunded in full, the plan ends at once: your account moves to the Free plan and the subscription is
          cancelled, so it is not charged again. A partial refund keeps the plan.
        </li>
      </ul>
    ),
  },
  {
    id: 'addons',
    title: 'Add-on packs',
    body: (
      <p>
        One-off add-on packs (extra characters, images or audio minutes) can be refunded if they have not been used. Partly used packs are refunded only where
        the service failed to deliver what was paid for.
      </p>
    ),
  },
  {
    id: 'how',
    title: 'How to ask for a refund',
    body: (
      <ol>
        <li>
          Sign in, open <Link to="/account">your account</Link>, find the charge under “Payments and invoices” and choose <strong>Request refund</strong>. Give
          a short reason. The request shows as pending until it is decided, and the decision is e-mailed to you.
        </li>
        <li>
          If you cannot sign in, e-mail <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a> from the address on your account, with the date and
          amount of the charge and a short reason.
        </li>
        <li>Approved refunds go back to the original payment method. How long they take to appear depends on your bank or payment provider.</li>
      </ol>
    ),
  },
  {
    id: 'rights',
    title: 'Your legal rights',
    body: (
      <p>
        This policy does not affect any rights you have under consumer law where you live, such as a statutory cancellation period. See also the{' '}
        <Link to="/terms">terms of service</Link>.
      </p>
    ),
  },
];

export default function RefundPage() {
  return (
    <LegalPage
      title="Refund Policy"
      icon={RotateCcw}
      intro={<p>How cancellations and refunds work for paid plans and add-on packs on this instance.</p>}
      sections={sections}
    />
  );
}
