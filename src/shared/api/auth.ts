import { z } from 'zod';
import { RoleName } from './role-name';

/** Zod contract shared by the auth routes and the auth pages. */
// in a module without zod, so the web app's first script can read it without the schemas below
export { SIGNED_IN_HINT_COOKIE } from '../session-hint';

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const PASSWORD_MESSAGE = 'Password must be at least 6 characters';
export const PASSWORD_MIN = 6;
/** argon2 inputs are capped so a megabyte "password" cannot pin a core. */
export const PASSWORD_MAX = 256;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: EMAIL_MESSAGE }));
const password = z
  .string({ message: PASSWORD_MESSAGE })
  .min(PASSWORD_MIN, { message: PASSWORD_MESSAGE })
  .max(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` });

export const LoginBody = z.object({
  email: z.string({ message: EMAIL_MESSAGE }).pipe(email),
  password,
});

export const USERNAME_MESSAGE = 'Username must be 3–32 characters: letters, numbers, dots, dashes or underscores';
export const RegisterBody = z.object({
  username: z
    .string({ message: USERNAME_MESSAGE })
    .trim()
    .regex(/^[A-Za-z0-9._-]{3,32}$/, { message: USERNAME_MESSAGE }),
  email: z.string({ message: EMAIL_MESSAGE }).pipe(email),
  password,
});

export const ForgotPasswordBody = z.object({ email: z.string({ message: EMAIL_MESSAGE }).pipe(email) });

export const ResetPasswordBody = z.object({
  token: z.string().min(20, { message: 'This reset link is invalid.' }).max(200),
  password,
});

export const PublicUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: RoleName,
});
export type PublicUser = z.infer<typeof PublicUser>;

/** GET /api/auth/me: the user and their effective permissions (src/shared/permissions.ts; a custom staff role's from the database). */
export const MeResponse = z.object({ user: PublicUser, permissions: z.array(z.string()) });
export const LoginResponse = z.object({
  sessionActive: z.literal(true),
  user: PublicUser,
  message: z.string(),
  /** Staff must enrol in two-factor before the administrator area opens (the "require two-factor for staff" setting). */
  twoFactorSetupRequired: z.literal(true).optional(),
});

export type LoginBody = z.infer<typeof LoginBody>;
export type RegisterBody = z.infer<typeof RegisterBody>;

// ---------- Two-factor (TOTP) for staff ----------
/** A 6-digit authenticator code, or a recovery code (letters and digits, dashes and spaces ignored). */
export const TwoFactorCode = z
  .string({ message: 'Enter the code from your authenticator app' })
  .trim()
  .min(6, { message: 'Enter the code from your authenticator app' })
  .max(32);

/** POST /api/auth/login → this instead of a session when a staff account has two-factor on. */
export const TwoFactorRequiredResponse = z.object({ twoFactorRequired: z.literal(true), challenge: z.string(), message: z.string() });
export type TwoFactorRequiredResponse = z.infer<typeof TwoFactorRequiredResponse>;
export type LoginAnswer = z.infer<typeof LoginResponse> | TwoFactorRequiredResponse;

/** POST /api/auth/login/2fa: the challenge from the login answer and a code → LoginResponse. */
export const LoginTwoFactorBody = z.object({ challenge: z.string().min(1).max(1000), code: TwoFactorCode });
export type LoginTwoFactorBody = z.infer<typeof LoginTwoFactorBody>;

/** GET /api/user/2fa → whether two-factor is on, and how many unused recovery codes remain. */
export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** POST /api/user/2fa/setup (current password) → a new, not yet active secret. */
export const TwoFactorSetupBody = z.object({ password: z.string().min(1, { message: 'Enter your current password' }).max(PASSWORD_MAX) });
export interface TwoFactorSetupResponse {
  /** Base32, for typing into the app by hand. */
  secret: string;
  otpauthUri: string;
}

/** POST /api/user/2fa/confirm (a code from the app) → on, with recovery codes shown this once. */
export const TwoFactorConfirmBody = z.object({ code: TwoFactorCode });
export interface TwoFactorConfirmResponse {
  enabled: true;
  recoveryCodes: string[];
}

/** POST /api/user/2fa/disable: the current password and a code (or a recovery code). */
export const TwoFactorDisableBody = z.object({
  password: z.string().min(1, { message: 'Enter your current password' }).max(PASSWORD_MAX),
  code: TwoFactorCode,
});
