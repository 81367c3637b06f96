import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints';
import type { ScreenProps } from '../../app/routes';
import { EmailRequestForm } from './EmailRequestForm';

export default function ResendEmailPage({ search }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <EmailRequestForm
      titleId="resend-title"
      title={t('auth.resend_verification')}
      submitLabel={t('auth.send_verification')}
      sentMessage={t('auth.verification_sent')}
      initialEmail={new URLSearchParams(search).get('email') ?? ''}
      send={(email) => api.resendVerification({ email })}
    />
  );
}
