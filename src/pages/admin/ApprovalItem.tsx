import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorBody, errorStatus } from '../../api/client';
import { chainApi, type AdminWithdrawal } from '../../api/admin';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { FormAlert } from '../../components/FormAlert';
import { formatBalance } from '../../components/format';
import { formAlertText, useForm } from '../../components/useForm';
import { dateTime } from './format';

/** One withdrawal awaiting approval: approve it, or reject it with a reason (refunded). */
export function ApprovalItem({
  withdrawal,
  onDone,
}: {
  withdrawal: AdminWithdrawal;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const form = useForm({ reason: '' });
  const [rejecting, setRejecting] = useState(false);

  // A 422 fills the reason's error; anything else (decided meanwhile: 409) is the alert.
  const decide = async (send: () => Promise<unknown>) => {
    const done = await form.submit(() =>
      send().catch((error: unknown) => {
        const status = errorStatus(error);
        if (status !== null && status !== 422) {
          form.setAlert(formAlertText(errorBody(error), t('admin.chain.decide_failed')));
        }
        throw error;
      }),
    );
    if (done !== null) onDone();
  };

  const reject = () => {
    const reason = form.values.reason.trim();
    if (reason === '') {
      form.setErrors({ reason: [t('admin.chain.reason_required')] });
      return;
    }
    void decide(() => chainApi.reject(withdrawal.id, reason));
  };

  return (
    <li className="admin-approval" data-approval={withdrawal.id}>
      <div className="admin-approval__head">
        <strong className="admin-approval__amount">{formatBalance(withdrawal.amount)}</strong>
        <span>
          {withdrawal.user_name} (#{withdrawal.user_id})
        </span>
        <span className="admin-muted">{dateTime(withdrawal.created_at, i18n.language)}</span>
      </div>
      <p className="admin-approval__to">
        <span className="admin-muted">{t('admin.chain.to')}</span>{' '}
        <code title={withdrawal.to_address}>{withdrawal.to_address}</code>
      </p>
      <FormAlert text={form.alert} />
      {rejecting ? (
        <Field label={t('admin.chain.reject_reason')} maxLength={255} {...form.bind('reason')} />
      ) : null}
      <div className="button-row admin-approval__actions">
        {rejecting ? (
          <>
            <Button type="danger" nativeType="button" loading={form.busy} onClick={reject}>
              {t('admin.chain.reject_confirm')}
            </Button>
            <Button type="secondary" nativeType="button" onClick={() => setRejecting(false)}>
              {t('admin.chain.cancel')}
            </Button>
          </>
        ) : (
          <>
            <Button
              nativeType="button"
              loading={form.busy}
              onClick={() => void decide(() => chainApi.approve(withdrawal.id))}
            >
              {t('admin.chain.approve')}
            </Button>
            <Button type="danger" nativeType="button" onClick={() => setRejecting(true)}>
              {t('admin.chain.reject')}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
