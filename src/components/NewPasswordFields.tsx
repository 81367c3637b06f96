import { useTranslation } from 'react-i18next';
import { Field } from './Field';
import type { BoundField } from './useForm';

type PasswordKey = 'password' | 'password_confirmation';

interface Props {
  form: { bind: (field: PasswordKey) => BoundField };
  /** 'Password' when registering, 'New password' when changing or resetting it. */
  label: string;
}

/** A new password and its confirmation, as register, reset and settings ask for them. */
export function NewPasswordFields({ form, label }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={label} {...form.bind('password')} type="password" autoComplete="new-password" />
      <Field
        label={t('auth.confirm_password')}
        {...form.bind('password_confirmation')}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
