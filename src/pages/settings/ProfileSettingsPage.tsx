import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../games/shared/wire/types';
import { api } from '../../api/endpoints';
import { authState, fetchUser, updateUser } from '../../state/auth';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { FormAlert } from '../../components/FormAlert';
import { useForm } from '../../components/useForm';
import { SettingsFrame } from './SettingsTabs';
import { AvatarSettings } from '../profile/AvatarSettings';
import { HideNameSetting } from './HideNameSetting';

const isUser = (value: unknown): value is User =>
  value !== null && typeof value === 'object' && 'id' in value && 'email' in value;

export default function ProfileSettingsPage() {
  const { t } = useTranslation();
  const { user } = useSnapshot(authState);
  const form = useForm({ name: user?.name ?? '', email: user?.email ?? '' });
  const [status, setStatus] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const answer = await form.submit((v) => api.updateProfile(v));
    if (!answer) return;
    const updated = isUser(answer) ? answer : isUser(answer.user) ? answer.user : null;
    if (updated) updateUser(updated);
    else await fetchUser().catch(() => undefined);
    setStatus(t('settings.profile_saved'));
  };

  return (
    <SettingsFrame>
      <h2>{t('settings.profile')}</h2>
      <AvatarSettings />
      <HideNameSetting />
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormAlert text={status} kind="success" />
        <FormAlert text={form.alert} />
        <Field label={t('auth.name')} {...form.bind('name')} autoComplete="name" />
        <Field label={t('auth.email')} {...form.bind('email')} type="email" autoComplete="email" />
        <Button loading={form.busy}>{t('settings.save')}</Button>
      </form>
    </SettingsFrame>
  );
}
