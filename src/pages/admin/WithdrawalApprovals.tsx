import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chainApi, type AdminWithdrawal } from '../../api/admin';
import { ApprovalItem } from './ApprovalItem';

/** The withdrawals over the approval threshold that wait for an operator. */
export function WithdrawalApprovals({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState<AdminWithdrawal[] | null>(null);

  const load = useCallback(
    () =>
      chainApi
        .withdrawals('awaiting_approval')
        .then(setWaiting)
        .catch(() => setWaiting([])),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const decided = () => {
    void load();
    onChanged();
  };

  return (
    <div className="admin-approvals" data-admin="approvals">
      <h3>{t('admin.chain.approvals')}</h3>
      {waiting === null ? null : waiting.length === 0 ? (
        <p className="admin-muted">{t('admin.chain.approvals_none')}</p>
      ) : (
        <ul className="admin-approvals__list">
          {waiting.map((withdrawal) => (
            <ApprovalItem key={withdrawal.id} withdrawal={withdrawal} onDone={decided} />
          ))}
        </ul>
      )}
    </div>
  );
}
