import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { FormAlert } from '../../components/FormAlert';
import { useForm } from '../../components/useForm';

interface Props {
  /** id of the heading, for aria-labelledby. */
  titleId: string;
  title: string;
  submitLabel: string;
  /** Shown when the server's answer carries no message of its own. */
  sentMessage: string;
  initialEmail?: string;
  send: (email: string) => Promise<{ message?: string }>;
}

/** A one-field form that asks the server to mail a link (password reset, verification). */
export function EmailRequestForm({
  titleId,
  title,
  submitLabel,
  sentMessage,
  initialEmail = '',
  send,
}: Props) {
  const { t } = useTranslation();
  const form = useForm({ email: initialEmail });
  const [status, setStatus] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const answer = await form.submit((v) => send(v.email));
    if (answer) setStatus(answer.message ?? sentMessage);
  };

  return (
    <main className="page auth-page">
      <section className="card auth-card" aria-labelledby={titleId}>
        <h1 id={titleId}>{title}</h1>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <FormAlert text={status} kind="success" />
          <FormAlert text={form.alert} />
          <Field
            label={t('auth.email')}
            {...form.bind('email')}
            type="email"
            autoComplete="email"
          />
          <Button loading={form.busy} block large>
            {submitLabel}
          </Button>
        </form>
      </section>
    </main>
  );
}
