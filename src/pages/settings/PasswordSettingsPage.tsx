import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { FormAlert } from '../../components/FormAlert';
import { useForm } from '../../components/useForm';
import { SettingsFrame } from './SettingsTabs';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

export default function PasswordSettingsPage() {
  const { t } = useTranslation();
  const form = useForm(EMPTY);
  const [status, setStatus] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const answer = await form.submit((v) => api.updatePassword(v));
    if (!answer) return;
    form.setValues(EMPTY);
    setStatus(t('settings.password_saved'));
  };

  return (
    <SettingsFrame>
      <h2>{t('settings.password')}</h2>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormAlert text={status} kind="success" />
        <FormAlert text={form.alert} />
        <Field
          label={t('settings.current_password')}
          {...form.bind('current_password')}
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields form={form} label={t('auth.new_password')} />
        <Button loading={form.busy}>{t('settings.save')}</Button>
      </form>
    </SettingsFrame>
  );
}
