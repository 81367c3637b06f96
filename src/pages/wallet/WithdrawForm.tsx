import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorBody, errorStatus } from '../../api/client';
import { walletApi, type WithdrawalRequest } from '../../api/wallet';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { FormAlert } from '../../components/FormAlert';
import { formatBalance } from '../../components/format';
import { formAlertText, useForm } from '../../components/useForm';
import { parseAmountCents } from '../../../games/shared/format/amount';

interface Props {
  min: number;
  /** Above this a withdrawal waits for an operator's approval. */
  approvalAbove: number;
  /** Where it is paid: the linked address (none: the form cannot send). */
  linked: string | null;
  /** The player has two-factor on: the code goes with the request. */
  twoFactor: boolean;
  onDone: () => Promise<void>;
}

/** Asks for a withdrawal to the linked address; a retry of one request keeps its key. */
export function WithdrawForm({ min, approvalAbove, linked, twoFactor, onDone }: Props) {
  const { t } = useTranslation();
  const form = useForm({ amount: '', code: '' });
  const [done, setDone] = useState(false);
  // The Idempotency-Key of the last request and what it asked, until an answer settles it: the
  // same request sent again (its answer was lost) is the same withdrawal to the server.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const cents = parseAmountCents(form.values.amount);
  const badFormat = form.values.amount.trim() !== '' && cents === null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (cents === null || !linked) return;
    setDone(false);
    const body: WithdrawalRequest = { amount: cents / 100 };
    if (twoFactor) body.code = form.values.code.trim();
    const asked = JSON.stringify(body);
    const key = attempt.current?.body === asked ? attempt.current.key : crypto.randomUUID();
    attempt.current = { key, body: asked };
    const answer = await form.submit(() =>
      walletApi.withdraw(body, key).catch((error: unknown) => {
        const status = errorStatus(error);
        // The server answered (not a lost answer or its own failure): a new request next time.
        if (status !== null && status < 500) attempt.current = null;
        if (status === 409) {
          // No dialog shows a 409: the form says why (the server's words for other cases).
          const body = errorBody(error);
          form.setAlert(
            body?.code === 'no_linked_address'
              ? t('wallet.withdraw.no_link')
              : formAlertText(body, t('wallet.withdraw.refused')),
          );
        }
        throw error;
      }),
    );
    if (!answer) return;
    attempt.current = null;
    form.setValues({ amount: '', code: '' });
    setDone(true);
    await onDone();
  };

  return (
    <form className="wallet-withdraw__form" onSubmit={(e) => void onSubmit(e)} noValidate>
      {done ? <FormAlert kind="success" text={t('wallet.withdraw.done')} /> : null}
      <FormAlert text={form.alert} />
      {linked ? (
        <div className="wallet-withdraw__to">
          <p>{t('wallet.withdraw.paid_to')}</p>
          <code className="wallet-address__value" title={linked}>
            {linked}
          </code>
        </div>
      ) : (
        <p className="alert alert--error" data-withdraw-unlinked>
          {t('wallet.withdraw.no_link')}
        </p>
      )}
      <Field
        label={t('wallet.withdraw.amount', { min: formatBalance(min) })}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0,00"
        {...form.bind('amount')}
        errors={form.errors.amount ?? (badFormat ? [t('game.stake_format')] : undefined)}
      />
      {twoFactor ? (
        <Field
          label={t('wallet.withdraw.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          {...form.bind('code')}
        />
      ) : null}
      <p className="muted wallet-withdraw__hint">
        {t('wallet.withdraw.approval', { amount: formatBalance(approvalAbove) })}
      </p>
      <Button loading={form.busy} disabled={!linked || cents === null || cents === 0}>
        {t('wallet.withdraw.submit')}
      </Button>
    </form>
  );
}
