import { useCallback, useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { adminApi, type AdminPlayerPage, type PlayerChange } from '../../api/admin';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { FormAlert } from '../../components/FormAlert';
import { formatBalance } from '../../components/format';
import { useForm } from '../../components/useForm';
import { dateTime } from './format';

const SHOWN = 10;

/** A player's break or self-exclusion as the console shows it: what, until when, no lifting. */
function playBlockText(
  block: AdminPlayerPage['play_block'],
  when: (iso: string | null) => string,
  t: TFunction,
): string {
  if (!block) return t('admin.play_block_none');
  const what =
    block.kind === 'break'
      ? t('admin.play_break_until', { time: when(block.until) })
      : block.until
        ? t('admin.play_excluded_until', { time: when(block.until) })
        : t('admin.play_excluded_for_good');
  return `${what} · ${t('admin.play_block_fixed')}`;
}

/** A player's page: balance against the ledger, the latest rows, and the operator's actions. */
export function PlayerPanel({ userId, onChanged }: { userId: number; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState<AdminPlayerPage | null>(null);
  const form = useForm({ action_reason: '' });

  const load = useCallback(() => adminApi.player(userId).then(setPage), [userId]);
  useEffect(() => {
    setPage(null);
    void load();
  }, [load]);

  const act = async (change: PlayerChange) => {
    const done = await form.submit((v) => adminApi.change(userId, change, v.action_reason.trim()));
    if (done === null) return;
    // The page reloads with the change (onChanged remounts it), the log shows the entry.
    onChanged();
  };

  if (!page) return <section className="card admin-player" aria-busy="true" />;
  const { user } = page;
  const when = (iso: string | null) => (iso ? dateTime(iso, i18n.language) : '—');
  return (
    <section className="card admin-player" data-admin="player" data-player={user.id}>
      <h2>
        #{user.id} {user.name}{' '}
        <span className={`badge ${user.suspended_at ? 'badge--danger' : 'badge--ok'}`}>
          {user.suspended_at ? t('admin.suspended') : t('admin.active')}
        </span>
      </h2>
      <dl className="admin-player__facts">
        <dt>{t('admin.email')}</dt>
        <dd>{user.email}</dd>
        <dt>{t('admin.balance')}</dt>
        <dd data-admin="balance">{formatBalance(page.balance)}</dd>
        <dt>{t('admin.ledger_sum')}</dt>
        <dd className={page.ledger_sum === page.balance ? '' : 'admin-bad'}>
          {formatBalance(page.ledger_sum)}
        </dd>
        <dt>{t('admin.joined')}</dt>
        <dd>{when(user.created_at)}</dd>
        <dt>{t('admin.two_factor')}</dt>
        <dd>{user.two_factor_enabled ? t('admin.on') : t('admin.off')}</dd>
        <dt>{t('admin.play_block')}</dt>
        <dd data-admin="play-block">{playBlockText(page.play_block, when, t)}</dd>
      </dl>

      <form className="admin-player__actions" onSubmit={(e) => e.preventDefault()}>
        <FormAlert text={form.alert} />
        <Field label={t('admin.action_reason')} {...form.bind('action_reason')} />
        <div className="button-row">
          {user.suspended_at ? (
            <Button nativeType="button" loading={form.busy} onClick={() => void act('unsuspend')}>
              {t('admin.unsuspend')}
            </Button>
          ) : (
            <Button
              type="danger"
              nativeType="button"
              loading={form.busy}
              onClick={() => void act('suspend')}
            >
              {t('admin.suspend')}
            </Button>
          )}
          {user.two_factor_enabled ? (
            <Button
              type="secondary"
              nativeType="button"
              loading={form.busy}
              onClick={() => void act('reset-two-factor')}
            >
              {t('admin.reset_two_factor')}
            </Button>
          ) : null}
        </div>
      </form>

      <h3>{t('admin.ledger')}</h3>
      <div className="admin-scroll">
        <table className="table">
          <tbody>
            {page.ledger.slice(0, SHOWN).map((row) => (
              <tr key={row.id}>
                <td>{when(row.created_at)}</td>
                <td>{row.reason}</td>
                <td className="table__amount">{formatBalance(row.delta)}</td>
                <td className="table__amount">{formatBalance(row.balance_after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>{t('admin.bets')}</h3>
      <div className="admin-scroll">
        <table className="table">
          <tbody>
            {page.bets.slice(0, SHOWN).map((bet) => (
              <tr key={bet.id}>
                <td>{when(bet.created_at)}</td>
                <td>{bet.game}</td>
                <td className="table__amount">{formatBalance(bet.amount)}</td>
                <td className="table__amount">{formatBalance(bet.payout)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>{t('admin.sessions', { n: page.sessions.length })}</h3>
      <div className="admin-scroll">
        <table className="table">
          <tbody>
            {page.sessions.slice(0, SHOWN).map((session) => (
              <tr key={session.id}>
                <td>{session.name}</td>
                <td>{when(session.created_at)}</td>
                <td>{when(session.last_used_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
