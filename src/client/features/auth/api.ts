import type { LoginAnswer, LoginBody, LoginTwoFactorBody, RegisterBody, TwoFactorRequiredResponse } from '@/shared/api/auth';
import { apiJson, apiRequest } from '@/client/lib/api';

/** The session helpers every page needs (who is signed in, log out) live in lib/auth. */

/** Answers of the auth routes that only carry a message to show. */
export interface MessageResponse {
  message: string;
}

/**
 * POST /api/auth/login: the session cookie is set by the answer. An account with two-factor on gets the challenge
 * instead, to send back with a code through `loginWithCode`; a staff member who must first enrol in two-factor gets
 * `setupRequired` with the server's message.
 */
export async function login(body: LoginBody): Promise<TwoFactorRequiredResponse | { setupRequired: string } | null> {
  const answer = await apiJson<LoginAnswer>('POST', '/api/auth/login', body);
  if ('twoFactorRequired' in answer) return answer;
  return answer.twoFactorSetupRequired ? { setupRequired: answer.message } : null;
}

/** POST /api/auth/login/2fa: the login challenge and an authenticator (or recovery) code; sets the session cookie. */
export async function loginWithCode(body: LoginTwoFactorBody): Promise<void> {
  await apiRequest('POST', '/api/auth/login/2fa', body);
}

/** POST /api/auth/register: the new account is signed in at once. */
export function register(body: RegisterBody): Promise<Partial<MessageResponse>> {
  return apiJson<Partial<MessageResponse>>('POST', '/api/auth/register', body);
}

/** POST /api/auth/forgot-password: the same answer whether or not the address has an account. */
export function requestPasswordReset(body: { email: string }): Promise<MessageResponse> {
  return apiJson<MessageResponse>('POST', '/api/auth/forgot-password', body);
}

/** POST /api/auth/reset-password with the e-mailed token. */
export function resetPassword(body: { token: string; password: string }): Promise<MessageResponse> {
  return apiJson<MessageResponse>('POST', '/api/auth/reset-password', body);
}
