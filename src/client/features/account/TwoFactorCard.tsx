import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { TwoFactorCode, type TwoFactorSetupResponse } from '@/shared/api/auth';
import { isStaff } from '@/shared/roles';
import { ApiError, messageOf } from '@/client/lib/api';
import { useCurrentUser } from '@/client/lib/auth';
import { useZodForm } from '@/client/lib/form';
import { toast } from '@/client/hooks/use-toast';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { FormField, PasswordField } from '@/client/components/FormField';
import { AccountSection } from './AccountSection';
import { useConfirmTwoFactor, useDisableTwoFactor, useStartTwoFactor, useTwoFactorStatus } from './api';

const PasswordForm = z.object({ password: z.string().min(1, { message: 'Enter your current password' }) });
const CodeForm = z.object({ code: TwoFactorCode });
const TurnOffSchema = PasswordForm.extend({ code: TwoFactorCode });

function failed(title: string, err: unknown, setErrors: (e: Record<string, string>) => void) {
  if (err instanceof ApiError && err.fields) setErrors(err.fields);
  toast({ title, description: messageOf(err, 'Please try again in a moment.'), variant: 'destructive' });
}

/**
 * Two-factor sign-in with an authenticator app, for staff accounts (and for anyone who still has it on,
 * so it can be turned off after a move off a staff role).
 */
export function TwoFactorCard() {
  const { user } = useCurrentUser();
  const status = useTwoFactorStatus();
  // Shown once, right after enabling: the server keeps only their hashes.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (!user || (!isStaff(user.role) && !status.data?.enabled)) return null;

  let body;
  if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  else if (status.isLoading) body = <Spinner />;
  else if (status.data?.enabled) body = <TurnOffForm recoveryCodesLeft={status.data.recoveryCodesLeft} />;
  else body = <EnableFlow onEnabled={setRecoveryCodes} />;

  return (
    <AccountSection
      id="two-factor"
      title="Two-factor authentication"
      description="A code from an authenticator app on your phone, asked for at every login after your password."
    >
      {body}
    </AccountSection>
  );
}

function EnableFlow({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  return setup ? <ConfirmStep setup={setup} onEnabled={onEnabled} onCancel={() => setSetup(null)} /> : <StartStep onStarted={setSetup} />;
}

function StartStep({ onStarted }: { onStarted: (s: TwoFactorSetupResponse) => void }) {
  const form = useZodForm(PasswordForm, { password: '' });
  const start = useStartTwoFactor();
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const values = form.validate();
    if (!values || start.isPending) return;
    try {
      onStarted(await start.mutateAsync(values.password));
    } catch (err) {
      failed('Two-factor not started', err, form.setErrors);
    }
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-sm text-muted-foreground">Two-factor authentication is off.</p>
      <PasswordField label="Current password" autoComplete="current-password" {...form.field('password')} />
      <div>
        <Button type="submit" disabled={start.isPending} aria-busy={start.isPending}>
          {start.isPending && <Spinner />} Enable two-factor
        </Button>
      </div>
    </form>
  );
}

function ConfirmStep({ setup, onEnabled, onCancel }: { setup: TwoFactorSetupResponse; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const form = useZodForm(CodeForm, { code: '' });
  const confirm = useConfirmTwoFactor();
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const values = form.validate();
    if (!values || confirm.isPending) return;
    try {
      const res = await confirm.mutateAsync(values.code);
      toast({ title: 'Two-factor authentication is on', description: 'Save your recovery codes now.' });
      onEnabled(res.recoveryCodes);
    } catch (err) {
      failed('Code not accepted', err, form.setErrors);
    }
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-sm">
        Add this account to your authenticator app: paste the link below into an app that accepts one, or type the secret key by hand (time-based, 6 digits,
        every 30 seconds). Then enter the code the app shows.
      </p>
      <div className="grid gap-1">
        <span className="text-sm font-medium">Secret key</span>
        <code data-testid="totp-secret" className="break-all rounded-md bg-muted px-3 py-2 font-mono text-sm tracking-wider">
          {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
        </code>
      </div>
      <div className="grid gap-1">
        <span className="text-sm font-medium">Setup link</span>
        <code data-testid="totp-uri" className="break-all rounded-md bg-muted px-3 py-2 font-mono text-xs">
          {setup.otpauthUri}
        </code>
      </div>
      <FormField label="Code from the app" autoComplete="one-time-code" inputMode="numeric" {...form.field('code')} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={confirm.isPending} aria-busy={confirm.isPending}>
          {confirm.isPending && <Spinner />} Turn on
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-4">
      <p className="text-sm">Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.</p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-2 rounded-md bg-muted p-3 font-mono text-sm">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div>
        <Button type="button" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}

function TurnOffForm({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const form = useZodForm(TurnOffSchema, { password: '', code: '' });
  const disable = useDisableTwoFactor();
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const values = form.validate();
    if (!values || disable.isPending) return;
    try {
      await disable.mutateAsync(values);
      toast({ title: 'Two-factor authentication is off' });
    } catch (err) {
      failed('Two-factor not turned off', err, form.setErrors);
    }
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Two-factor authentication is on. {recoveryCodesLeft} recovery code{recoveryCodesLeft === 1 ? '' : 's'} left. To turn it off, enter your password and a
        code.
      </p>
      <PasswordField label="Current password" autoComplete="current-password" {...form.field('password')} />
      <FormField label="Code from the app, or a recovery code" autoComplete="one-time-code" {...form.field('code')} />
      <div>
        <Button type="submit" variant="destructive" disabled={disable.isPending} aria-busy={disable.isPending}>
          {disable.isPending && <Spinner />} Turn off two-factor
        </Button>
      </div>
    </form>
  );
}
