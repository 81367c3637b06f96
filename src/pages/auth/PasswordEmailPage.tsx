import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints';
import { EmailRequestForm } from './EmailRequestForm';

export default function PasswordEmailPage() {
  const { t } = useTranslation();
  return (
    <EmailRequestForm
      titleId="reset-title"
      title={t('auth.reset_password')}
      submitLabel={t('auth.send_reset_link')}
      sentMessage={t('auth.reset_link_sent')}
      send={(email) => api.passwordEmail({ email })}
    />
  );
}
