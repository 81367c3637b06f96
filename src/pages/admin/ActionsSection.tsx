import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi, type AdminAction } from '../../api/admin';
import { Button } from '../../components/Button';
import { dateTime } from './format';

/** The audit log's action kinds and their labels (an unknown kind shows as it is). */
const ACTION_LABELS = {
  balance_adjustment: 'admin.action.balance_adjustment',
  suspend: 'admin.action.suspend',
  unsuspend: 'admin.action.unsuspend',
  reset_two_factor: 'admin.action.reset_two_factor',
  post_create: 'admin.action.post_create',
  post_update: 'admin.action.post_update',
  post_delete: 'admin.action.post_delete',
  giveaway_create: 'admin.action.giveaway_create',
  withdrawal_approve: 'admin.action.withdrawal_approve',
  withdrawal_reject: 'admin.action.withdrawal_reject',
} as const;

const isKnown = (action: string): action is keyof typeof ACTION_LABELS => action in ACTION_LABELS;

/** `{a: 1}` as `a 1`: the values of an audit entry, short. */
function values(record: Record<string, unknown> | null): string {
  if (!record) return '—';
  return Object.entries(record)
    .map(([key, value]) => `${key} ${value === null ? '—' : String(value)}`)
    .join(', ');
}

/** The audit log, newest first (refreshed when `version` changes), and its CSV export. */
export function ActionsSection({ version }: { version: number }) {
  const { t, i18n } = useTranslation();
  const [actions, setActions] = useState<AdminAction[] | null>(null);

  useEffect(() => {
    void adminApi.actions().then(setActions);
  }, [version]);

  const download = async () => {
    const csv = await adminApi.actionsCsv();
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'admin-actions.csv';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section className="card" data-admin="log">
      <h2>{t('admin.log')}</h2>
      <Button nativeType="button" type="secondary" onClick={() => void download()}>
        {t('admin.export_csv')}
      </Button>
      {actions?.length === 0 ? <p className="admin-muted">{t('admin.no_actions')}</p> : null}
      {actions?.length ? (
        <ol className="admin-log">
          {actions.map((action) => (
            <li
              key={action.id}
              data-action={action.action}
              data-target={action.target_user_id ?? ''}
            >
              <div className="admin-log__head">
                <span className="admin-log__what">
                  {isKnown(action.action) ? t(ACTION_LABELS[action.action]) : action.action}
                </span>
                <span>
                  {action.target_user_id === null
                    ? ''
                    : t('admin.log_target', { id: action.target_user_id })}
                </span>
                <span className="admin-muted">
                  {t('admin.log_by', {
                    id: action.admin_id,
                    when: dateTime(action.created_at, i18n.language),
                  })}
                </span>
              </div>
              <div className="admin-log__change">
                {t('admin.log_change', {
                  before: values(action.before),
                  after: values(action.after),
                })}
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
