import { z } from 'zod';

/** Newsletter contract (footer sign-up with double opt-in), shared by server and client. */

export const NEWSLETTER_EMAIL_MESSAGE = 'Please enter a valid email address';

/** Confirmation links stop working after this long. */
export const NEWSLETTER_CONFIRM_TTL_DAYS = 7;

/** The one answer to every well-formed sign-up, known address or not (no address enumeration). */
export const NEWSLETTER_SUBSCRIBE_MESSAGE = 'Check your inbox to confirm your subscription.';

export const NewsletterSubscribeBody = z.object({
  email: z
    .string({ message: NEWSLETTER_EMAIL_MESSAGE })
    .trim()
    .toLowerCase()
    .max(254, { message: NEWSLETTER_EMAIL_MESSAGE })
    .pipe(z.email({ message: NEWSLETTER_EMAIL_MESSAGE })),
});
export type NewsletterSubscribeBody = z.infer<typeof NewsletterSubscribeBody>;

const TOKEN_MESSAGE = 'This link is invalid or has expired.';
export const NewsletterTokenBody = z.object({
  token: z.string({ message: TOKEN_MESSAGE }).min(20, { message: TOKEN_MESSAGE }).max(200, { message: TOKEN_MESSAGE }),
});
export type NewsletterTokenBody = z.infer<typeof NewsletterTokenBody>;

export interface NewsletterSubscribeResponse {
  success: true;
  message: string;
}

export interface NewsletterConfirmResponse {
  success: true;
  status: 'confirmed';
  message: string;
}

export interface NewsletterUnsubscribeResponse {
  success: true;
  status: 'unsubscribed';
  message: string;
}

export interface NewsletterStatsResponse {
  confirmed: number;
  pending: number;
  unsubscribed: number;
}
