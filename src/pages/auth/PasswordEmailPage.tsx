import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { FormAlert } from '../../components/FormAlert';
import { useForm } from '../../components/useForm';

export default function PasswordEmailPage() {
  const { t } = useTranslation();
  const form = useForm({ email: '' });
  const [status, setStatus] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const answer = await form.submit((v) => api.passwordEmail({ email: v.email }));
    if (answer) setStatus(answer.message ?? t('auth.reset_link_sent'));
  };

  return (
    <main className="page auth-page">
      <section className="card auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title">{t('auth.reset_password')}</h1>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <FormAlert text={status} kind="success" />
          <FormAlert text={form.alert} />
          <Field
            label={t('auth.email')}
            name="email"
            type="email"
            value={form.values.email}
            onChange={form.set('email')}
            errors={form.errors.email}
            autoComplete="email"
          />
          <Button loading={form.busy} block large>
            {t('auth.send_reset_link')}
          </Button>
        </form>
      </section>
    </main>
  );
}
