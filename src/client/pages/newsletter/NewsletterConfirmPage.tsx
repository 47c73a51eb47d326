import { NewsletterTokenPage } from '@/client/features/newsletter/NewsletterTokenPage';

export default function NewsletterConfirmPage() {
  return <NewsletterTokenPage action="confirm" />;
}
