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
