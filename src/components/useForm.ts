import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorBody, errorStatus } from '../api/client';

export type FieldErrors = Record<string, string[]>;

/** The props `form.bind(name)` spreads onto a Field. */
export interface BoundField {
  name: string;
  value: string;
  onChange: (value: string) => void;
  errors: string[] | undefined;
}

/**
 * The general alert of a failed form (spec section 5): the answer's `error` or `message`,
 * else the default 'There were some problems with your input.'.
 */
export function formAlertText(body: Record<string, unknown> | null, fallback: string): string {
  const pick = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  return pick(body?.error) ?? pick(body?.message) ?? fallback;
}

/** The field errors of a 422 answer's body ({} for any other). */
export function fieldErrors(body: Record<string, unknown> | null): FieldErrors {
  const raw = body?.errors;
  if (!raw || typeof raw !== 'object') return {};
  const out: FieldErrors = {};
  for (const [field, list] of Object.entries(raw as Record<string, unknown>)) {
    out[field] = (Array.isArray(list) ? list : [list]).map(String);
  }
  return out;
}

/** Form state: values, busy flag, field errors and the general alert of the last submit. */
export function useForm<T extends Record<string, string>>(initial: T) {
  const { t } = useTranslation();
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = useCallback(
    (field: keyof T) => (value: string) => setValues((v) => ({ ...v, [field]: value })),
    [],
  );

  /** What a Field needs to edit one value of this form: its name, value, setter and errors. */
  const bind = (field: keyof T & string): BoundField => ({
    name: field,
    value: values[field] ?? '',
    onChange: set(field),
    errors: errors[field],
  });

  /** Runs the call; a 422 fills the field errors and the alert. Answers null on failure. */
  const submit = useCallback(
    async <R>(send: (values: T) => Promise<R>): Promise<R | null> => {
      setBusy(true);
      setErrors({});
      setAlert(null);
      try {
        return await send(values);
      } catch (error) {
        const body = errorBody(error);
        if (errorStatus(error) === 422) {
          setErrors(fieldErrors(body));
          setAlert(formAlertText(body, t('forms.general_error')));
        }
        return null;
      } finally {
        setBusy(false);
      }
    },
    [values, t],
  );

  return { values, setValues, set, bind, errors, setErrors, alert, setAlert, busy, submit };
}
