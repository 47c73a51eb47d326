import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';

/** Labelled input with its validation message wired through aria-describedby. */
export function FormField({
  label,
  error,
  labelAside,
  ...input
}: { label: string; error?: string; labelAside?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

type FieldProps = Omit<Parameters<typeof FormField>[0], 'label'> & { label?: string };

/** The e-mail field of the auth and account forms. */
export function EmailField({ label = 'Email', placeholder = 'you@example.com', ...props }: FieldProps) {
  return <FormField label={label} type="email" autoComplete="email" inputMode="email" placeholder={placeholder} {...props} />;
}

/** A password field; `autoComplete` says whether browsers fill in the saved one or offer a new one. */
export function PasswordField({ label = 'Password', autoComplete = 'new-password', ...props }: FieldProps) {
  return <FormField label={label} type="password" autoComplete={autoComplete} {...props} />;
}
