import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type Json } from '../../api/endpoints';
import { Button } from '../../components/Button';
import { DataView } from '../../components/DataView';
import { Field } from '../../components/Field';
import { FormAlert } from '../../components/FormAlert';
import { useForm } from '../../components/useForm';
import { fetchBalance } from '../../state/auth';

/** Adjusts a user's balance through the server's ledger (the user id filled in from the page). */
export function AdjustBalanceForm({
  userId,
  onDone,
}: {
  userId: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm({ user_id: userId === null ? '' : String(userId), amount: '', reason: '' });
  const [result, setResult] = useState<Json>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const answer = await form.submit((v) =>
      api.adjustBalance(v.user_id.trim(), { amount: Number(v.amount), reason: v.reason }),
    );
    if (answer === null) return;
    setResult(answer);
    onDone();
    await fetchBalance();
  };

  return (
    <section className="card" data-admin="adjust">
      <h2>{t('admin.adjust_balance')}</h2>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormAlert text={form.alert} />
        <Field label={t('admin.user_id')} {...form.bind('user_id')} inputMode="numeric" />
        <Field label={t('admin.amount')} {...form.bind('amount')} inputMode="decimal" />
        <Field label={t('admin.reason')} {...form.bind('reason')} />
        <Button loading={form.busy}>{t('admin.apply')}</Button>
      </form>
      {result !== null ? (
        <div className="admin-page__result" role="status">
          <DataView value={result} />
        </div>
      ) : null}
    </section>
  );
}
