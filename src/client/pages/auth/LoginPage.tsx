import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoginBody, LoginTwoFactorBody } from '@/shared/api/auth';
import { ApiError } from '@/client/lib/api';
import { useZodForm } from '@/client/lib/form';
import { toast } from '@/client/hooks/use-toast';
import { Button } from '@/client/components/ui/button';
import { EmailField, FormField, PasswordField } from '@/client/components/FormField';
import { login, loginWithCode } from '@/client/features/auth/api';
import { SITE } from '@/client/lib/site';
import { AuthCard } from './AuthCard';
import { SubmitButton } from './SubmitButton';

/** Wait about 300 ms after the success toast (so it is seen), then a full page redirect. */
export const POST_LOGIN_DELAY_MS = 300;

const GOOGLE_ERRORS: Record<string, string> = {
  google_not_configured: 'Google sign-in is not configured on this server.',
  google_failed: 'Google sign-in failed. Please try again.',
  two_factor_required: 'This account has two-factor authentication on: log in with your password, then enter your code.',
  account_suspended: 'This account is suspended. Contact support.',
  signups_closed: 'Sign-ups are closed at the moment, so no new account was created. Existing accounts can still sign in.',
};

export function GoogleButton() {
  return (
    <Button
      type="button"
      variant="outline"
      className="w-full"
      onClick={() => {
        window.location.href = '/api/auth/google';
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="h-4 w-4">
        <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z" />
        <path
          fill="#34A853"
          d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
        />
        <path fill="#FBBC05" d="M5.84 14.09A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.43.34-2.09V7.07H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.93l3.66-2.84z" />
        <path
          fill="#EA4335"
          d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.07l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
        />
      </svg>
      Sign in with Google
    </Button>
  );
}

export function Divider({ label }: { label: string }) {
  return (
    <div className="relative my-6">
      <div className="absolute inset-0 flex items-center" aria-hidden="true">
        <span className="w-full border-t border-border" />
      </div>
      <p className="relative flex justify-center text-xs uppercase tracking-wide">
        <span className="bg-card px-2 text-muted-foreground">{label}</span>
      </p>
    </div>
  );
}

const CodeForm = LoginTwoFactorBody.pick({ code: true });

/** After a password login's success toast, go to the area's landing page (a full load, so everything re-reads the session). */
function finishLogin(area: 'user' | 'admin') {
  toast({ title: 'Success', description: 'You have been logged in successfully' });
  window.setTimeout(() => {
    window.location.href = area === 'admin' ? '/admin' : '/pricing';
  }, POST_LOGIN_DELAY_MS);
}

/** The second step when the account has two-factor on: a code from the authenticator app, or a recovery code. */
function TwoFactorStep({ challenge, area, onRestart }: { challenge: string; area: 'user' | 'admin'; onRestart: () => void }) {
  const form = useZodForm(CodeForm, { code: '' });
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    const body = form.validate();
    if (!body) return;
    setSubmitting(true);
    try {
      await loginWithCode({ challenge, code: body.code });
      finishLogin(area);
    } catch (err) {
      const description = err instanceof ApiError ? (err.serverMessage ?? 'Login failed') : 'Failed to login. Please try again.';
      if (err instanceof ApiError && err.fields?.code) form.setErrors({ code: err.fields.code });
      toast({ title: 'Error', description, variant: 'destructive' });
      setSubmitting(false);
      // An expired challenge cannot be retried: start again from the password.
      if (err instanceof ApiError && err.code === 'invalid_token') onRestart();
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Two-factor authentication is on for this account. Enter the 6-digit code from your authenticator app, or one of your recovery codes.
      </p>
      <FormField label="Authentication code" autoComplete="one-time-code" inputMode="text" autoFocus {...form.field('code')} />
      <SubmitButton className="mt-2" busy={submitting} busyLabel="Checking...">
        Verify
      </SubmitButton>
      <Button type="button" variant="ghost" onClick={onRestart}>
        Start over
      </Button>
    </form>
  );
}

/** The login form; `area` 'admin' is the staff entry (/admin-login), which lands on /admin. */
export function LoginForm({ area = 'user' }: { area?: 'user' | 'admin' }) {
  const form = useZodForm(LoginBody, { email: '', password: '' });
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const shownError = useRef<string | null>(null);

  // /login?error=google_not_configured|google_failed comes back from the Google sign-in route.
  const googleError = params.get('error');
  useEffect(() => {
    if (!googleError || shownError.current === googleError) return;
    shownError.current = googleError;
    const description = GOOGLE_ERRORS[googleError];
    if (description) toast({ title: 'Error', description, variant: 'destructive' });
    navigate({ search: '' }, { replace: true });
  }, [googleError, navigate]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    const body = form.validate();
    if (!body) return;
    setSubmitting(true);
    try {
      const secondStep = await login(body);
      if (secondStep && 'setupRequired' in secondStep) {
        // Signed in, but the administrator area stays shut until two-factor is on: go where it is turned on.
        toast({ title: 'Two-factor authentication required', description: secondStep.setupRequired });
        window.setTimeout(() => {
          window.location.href = '/admin/profile';
        }, POST_LOGIN_DELAY_MS);
        return;
      }
      if (secondStep) {
        setChallenge(secondStep.challenge);
        setSubmitting(false);
        return;
      }
      finishLogin(area);
    } catch (err) {
      const description = err instanceof ApiError ? (err.serverMessage ?? 'Login failed') : 'Failed to login. Please check your credentials.';
      toast({ title: 'Error', description, variant: 'destructive' });
      setSubmitting(false);
    }
  };

  if (challenge)
    return (
      <TwoFactorStep
        challenge={challenge}
        area={area}
        onRestart={() => {
          setChallenge(null);
          form.setField('password', '');
        }}
      />
    );

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <EmailField {...form.field('email')} />
        <PasswordField
          autoComplete="current-password"
          {...form.field('password')}
          labelAside={
            <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
              Forgot password?
            </Link>
          }
        />
        <SubmitButton className="mt-2" busy={submitting} busyLabel="Loading...">
          Log in
        </SubmitButton>
      </form>
      {area === 'user' && (
        <>
          <Divider label="Or continue with" />
          <GoogleButton />
        </>
      )}
    </>
  );
}

export default function LoginPage() {
  return (
    <AuthCard
      title={`Log in to ${SITE.name}`}
      subtitle="Enter your credentials to access your account"
      footer={
        <>
          Don't have an account?{' '}
          <Link to="/register" className="font-medium text-primary hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}

export function AdminLoginPage() {
  return (
    <AuthCard
      title="Admin sign in"
      subtitle="Staff access to the administration area"
      footer={
        <Link to="/login" className="font-medium text-primary hover:underline">
          Not staff? Go to the regular login
        </Link>
      }
    >
      <LoginForm area="admin" />
    </AuthCard>
  );
}
