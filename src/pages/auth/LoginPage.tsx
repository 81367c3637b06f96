import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints';
import { errorBody } from '../../api/client';
import { route } from '../../app/routes';
import { takeIntendedUrl } from '../../app/navigationDeps';
import { startSession } from '../../state/auth';
import { deviceTokenFor, saveDeviceToken } from '../../state/deviceTokens';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { FormAlert } from '../../components/FormAlert';
import { useForm } from '../../components/useForm';
import { OAuthButtons } from './OAuthButtons';

export default function LoginPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const form = useForm({ email: '', password: '', one_time_password: '' });
  const [remember, setRemember] = useState(false);
  const [twoFactor, setTwoFactor] = useState(false);

  const enter = async (token: string, keep: boolean) => {
    await startSession(token, keep);
    navigate(takeIntendedUrl() ?? route('home'), { replace: true });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    let needsCode = false;
    const answer = await form.submit(async (v) => {
      try {
        const deviceToken = deviceTokenFor(v.email);
        const signedIn = await api.login({
          email: v.email,
          password: v.password,
          remember,
          ...(twoFactor ? { one_time_password: v.one_time_password } : {}),
          ...(deviceToken ? { device_token: deviceToken } : {}),
        });
        if (signedIn.device_token) saveDeviceToken(v.email, signedIn.device_token);
        return signedIn;
      } catch (error) {
        needsCode = errorBody(error)?.two_factor === true;
        throw error;
      }
    });
    if (answer) await enter(answer.token, remember);
    else if (needsCode && !twoFactor) {
      // The first ask for the code is a step of the form, not an error.
      setTwoFactor(true);
      form.setErrors({});
      form.setAlert(null);
    }
  };

  return (
    <main className="page auth-page">
      <section className="card auth-card" aria-labelledby="login-title">
        <h1 id="login-title">{t('auth.login')}</h1>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <FormAlert text={form.alert} />
          {twoFactor ? (
            <>
              <p className="muted">{t('auth.two_factor_prompt')}</p>
              <Field
                label={t('auth.one_time_password')}
                {...form.bind('one_time_password')}
                inputMode="numeric"
                autoComplete="one-time-code"
                autoFocus
              />
            </>
          ) : (
            <>
              <Field
                label={t('auth.email')}
                {...form.bind('email')}
                type="email"
                autoComplete="email"
              />
              <Field
                label={t('auth.password')}
                {...form.bind('password')}
                type="password"
                autoComplete="current-password"
              />
              <div className="form-row">
                <label className="checkbox">
                  <input
                    type="checkbox"
                    name="remember"
                    checked={remember}
                    onChange={(e) => setRemember(e.target.checked)}
                  />
                  {t('auth.remember_me')}
                </label>
                <Link href={route('password.request')}>{t('auth.forgot_password')}</Link>
              </div>
            </>
          )}
          <Button loading={form.busy} block large>
            {t('auth.login')}
          </Button>
        </form>
        {twoFactor ? null : <OAuthButtons onToken={(token) => enter(token, false)} />}
        <p className="auth-card__switch">
          {t('auth.no_account')} <Link href={route('register')}>{t('auth.register')}</Link>
        </p>
      </section>
    </main>
  );
}
