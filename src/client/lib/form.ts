import { useCallback, useState } from 'react';
import type { z } from 'zod';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** First message per top-level field of a failed zod parse. */
export function issuesToErrors<T>(error: z.ZodError): FieldErrors<T> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out as FieldErrors<T>;
}

/**
 * Small form state over a zod schema: validates on submit, then re-validates on every change
 * (as the login form does). `validate()` returns the parsed values or null.
 */
export function useZodForm<S extends z.ZodType<Record<string, unknown>>>(schema: S, initial: z.input<S> & Record<string, string>) {
  type Values = typeof initial;
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [submitted, setSubmitted] = useState(false);

  const check = useCallback(
    (next: Values): z.output<S> | null => {
      const result = schema.safeParse(next);
      if (result.success) {
        setErrors({});
        return result.data;
      }
      setErrors(issuesToErrors<Values>(result.error));
      return null;
    },
    [schema],
  );

  const setField = useCallback(
    (name: keyof Values & string, value: string) => {
      const next = { ...values, [name]: value } as Values;
      setValues(next);
      if (submitted) check(next);
    },
    [values, submitted, check],
  );

  const validate = useCallback(() => {
    setSubmitted(true);
    return check(values);
  }, [check, values]);

  /** The props a FormField needs for one field: `<FormField label="Email" {...form.field('email')} />`. */
  const field = useCallback(
    (name: keyof Values & string) => ({
      name,
      value: values[name],
      error: errors[name],
      onChange: (e: { target: { value: string } }) => setField(name, e.target.value),
    }),
    [values, errors, setField],
  );

  return { values, errors, setField, field, validate, setErrors };
}
