import { useTranslation } from 'react-i18next';
import { Field } from './Field';
import type { FieldErrors } from './useForm';

type PasswordKey = 'password' | 'password_confirmation';

interface Props {
  form: {
    values: Record<PasswordKey, string>;
    set: (field: PasswordKey) => (value: string) => void;
    errors: FieldErrors;
  };
  /** 'Password' when registering, 'New password' when changing or resetting it. */
  label: string;
}

/** A new password and its confirmation, as register, reset and settings ask for them. */
export function NewPasswordFields({ form, label }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        label={label}
        name="password"
        type="password"
        value={form.values.password}
        onChange={form.set('password')}
        errors={form.errors.password}
        autoComplete="new-password"
      />
      <Field
        label={t('auth.confirm_password')}
        name="password_confirmation"
        type="password"
        value={form.values.password_confirmation}
        onChange={form.set('password_confirmation')}
        errors={form.errors.password_confirmation}
        autoComplete="new-password"
      />
    </>
  );
}
