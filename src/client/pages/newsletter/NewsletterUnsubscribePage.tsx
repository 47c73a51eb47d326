import { NewsletterTokenPage } from '@/client/features/newsletter/NewsletterTokenPage';

export default function NewsletterUnsubscribePage() {
  return <NewsletterTokenPage action="unsubscribe" />;
}
