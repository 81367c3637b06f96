import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints';
import type { ScreenProps } from '../../app/routes';
import { fetchUser } from '../../state/auth';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { FormAlert } from '../../components/FormAlert';
import { useForm } from '../../components/useForm';
import { SettingsFrame } from './SettingsTabs';

/** The screen needs the two-factor status before it shows. */
export const prefetch = () => api.twoFactorStatus();

interface Setup {
  secret: string;
  qr_svg: string;
}

/** The server's QR code as an image: never parsed into the page. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export default function TwoFactorSettingsPage({ data }: ScreenProps) {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(
    (data as { enabled?: boolean } | undefined)?.enabled === true,
  );
  const [setup, setSetup] = useState<Setup | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const form = useForm({ code: '' });

  const start = async () => {
    setStarting(true);
    setStatus(null);
    try {
      const answer = await api.twoFactor({ action: 'enable' });
      setSetup({ secret: answer.secret ?? '', qr_svg: answer.qr_svg ?? '' });
    } catch {
      // the global dialog has told the user
    } finally {
      setStarting(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const action = enabled ? 'disable' : 'confirm';
    const answer = await form.submit((v) => api.twoFactor({ action, code: v.code }));
    if (!answer) return;
    const nowEnabled = action === 'confirm';
    setEnabled(nowEnabled);
    setSetup(null);
    form.setValues({ code: '' });
    setStatus(t(nowEnabled ? 'settings.two_factor_enabled' : 'settings.two_factor_disabled'));
    await fetchUser().catch(() => undefined);
  };

  return (
    <SettingsFrame>
      <h2>{t('settings.two_factor')}</h2>
      <FormAlert text={status} kind="success" />
      <p className="muted" data-two-factor={enabled ? 'on' : 'off'}>
        {t(enabled ? 'settings.two_factor_on' : 'settings.two_factor_off')}
      </p>
      {!enabled && !setup ? (
        <Button nativeType="button" loading={starting} onClick={() => void start()}>
          {t('settings.two_factor_enable')}
        </Button>
      ) : null}
      {setup ? (
        <div className="two-factor-setup">
          <p>{t('settings.two_factor_scan')}</p>
          <img
            className="two-factor-setup__qr"
            src={svgDataUrl(setup.qr_svg)}
            alt={t('settings.two_factor_qr_alt')}
            width={200}
            height={200}
          />
          <p>
            {t('settings.two_factor_secret')} <code>{setup.secret}</code>
          </p>
        </div>
      ) : null}
      {enabled || setup ? (
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <FormAlert text={form.alert} />
          <Field
            label={t('auth.one_time_password')}
            {...form.bind('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
          <Button type={enabled ? 'danger' : 'primary'} loading={form.busy}>
            {t(enabled ? 'settings.two_factor_disable' : 'settings.two_factor_confirm')}
          </Button>
        </form>
      ) : null}
    </SettingsFrame>
  );
}
