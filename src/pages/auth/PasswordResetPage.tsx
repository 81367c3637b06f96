import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints';
import { route, type ScreenProps } from '../../app/routes';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { FormAlert } from '../../components/FormAlert';
import { useForm } from '../../components/useForm';

export default function PasswordResetPage({ params, search }: ScreenProps) {
  const { t } = useTranslation();
  const form = useForm({
    email: new URLSearchParams(search).get('email') ?? '',
    password: '',
    password_confirmation: '',
  });
  const [done, setDone] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await form.submit((v) => api.passwordReset({ token: params.token ?? '', ...v }));
    if (answer) setDone(answer.message ?? t('auth.password_was_reset'));
  };

  return (
    <main className="page auth-page">
      <section className="card auth-card" aria-labelledby="set-password-title">
        <h1 id="set-password-title">{t('auth.reset_password')}</h1>
        {done ? (
          <>
            <FormAlert text={done} kind="success" />
            <Link href={route('login')} className="btn btn--primary btn--block">
              {t('auth.login')}
            </Link>
          </>
        ) : (
          <form onSubmit={(e) => void onSubmit(e)} noValidate>
            <FormAlert text={form.alert} />
            <Field
              label={t('auth.email')}
              {...form.bind('email')}
              type="email"
              autoComplete="email"
            />
            <NewPasswordFields form={form} label={t('auth.new_password')} />
            <Button loading={form.busy} block large>
              {t('auth.reset_password')}
            </Button>
          </form>
        )}
      </section>
    </main>
  );
}
