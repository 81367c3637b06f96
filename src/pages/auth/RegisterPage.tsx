import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints';
import { route, type ScreenProps } from '../../app/routes';
import { COOKIE_NAMES, cookies } from '../../state/cookieJar';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { FormAlert } from '../../components/FormAlert';
import { useForm } from '../../components/useForm';

/** The referral code from the query, else the one saved by the auth guard. */
function initialReferralCode(search: string): string {
  const fromQuery = new URLSearchParams(search).get('referral_code');
  if (fromQuery) {
    cookies.set(COOKIE_NAMES.referralCode, fromQuery, 30);
    return fromQuery;
  }
  return cookies.get(COOKIE_NAMES.referralCode) ?? '';
}

export default function RegisterPage({ search }: ScreenProps) {
  const { t } = useTranslation();
  /** After a submit: the "check your inbox" text (the same whether or not the e-mail has an account). */
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    name: '',
    email: '',
    password: '',
    password_confirmation: '',
    referral_code: initialReferralCode(search),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await form.submit((v) =>
      api.register({
        name: v.name,
        email: v.email,
        password: v.password,
        password_confirmation: v.password_confirmation,
        ...(v.referral_code ? { referral_code: v.referral_code } : {}),
      }),
    );
    if (!answer) return;
    setSent(answer.message ?? t('auth.register_sent'));
  };

  if (sent !== null) {
    return (
      <main className="page auth-page">
        <section className="card auth-card" aria-labelledby="register-title">
          <h1 id="register-title">{t('auth.check_inbox')}</h1>
          <FormAlert text={sent} kind="success" />
          <p className="auth-card__switch">
            {t('auth.have_account')} <Link href={route('login')}>{t('auth.login')}</Link>
          </p>
        </section>
      </main>
    );
  }

  return (
    <main className="page auth-page">
      <section className="card auth-card" aria-labelledby="register-title">
        <h1 id="register-title">{t('auth.register')}</h1>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <FormAlert text={form.alert} />
          <Field label={t('auth.name')} {...form.bind('name')} autoComplete="name" />
          <Field
            label={t('auth.email')}
            {...form.bind('email')}
            type="email"
            autoComplete="email"
          />
          <NewPasswordFields form={form} label={t('auth.password')} />
          <Field
            label={t('auth.referral_code')}
            {...form.bind('referral_code')}
            autoComplete="off"
          />
          <Button loading={form.busy} block large>
            {t('auth.register')}
          </Button>
        </form>
        <p className="auth-card__switch">
          {t('auth.have_account')} <Link href={route('login')}>{t('auth.login')}</Link>
        </p>
      </section>
    </main>
  );
}
