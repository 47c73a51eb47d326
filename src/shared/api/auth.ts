import { z } from 'zod';
import { ROLES } from '../roles';

/** Zod contract shared by the auth routes and the auth pages. */
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
  role: z.enum(ROLES),
});
export type PublicUser = z.infer<typeof PublicUser>;

export const MeResponse = z.object({ user: PublicUser });
export const LoginResponse = z.object({ sessionActive: z.literal(true), user: PublicUser, message: z.string() });

export type LoginBody = z.infer<typeof LoginBody>;
export type RegisterBody = z.infer<typeof RegisterBody>;
