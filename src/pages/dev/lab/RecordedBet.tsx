import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatMoney, formatMultiplier } from '../../../../games/shared/format/amount';
import type { LabBet } from '../../../../games/shared/lab/adapter';
import { gameTitleKey, playableGame } from '../../../../games/shared/registry/catalog';
import type { StaticKey } from '../../../i18n';
import { dateTime } from '../../admin/format';

/** A recorded bet beside the scene: what the server recorded, to compare with what it shows. */
export function RecordedBet({
  bet,
  gameId,
  search,
  onReplay,
}: {
  bet: LabBet;
  gameId: string;
  search: string;
  onReplay: () => void;
}) {
  const { t, i18n } = useTranslation();
  const other = playableGame(bet.game);
  if (bet.game !== gameId) {
    const query = new URLSearchParams(search);
    query.set('bet', String(bet.id));
    return (
      <p data-testid="lab-bet-other-game">
        {t('dev.lab.bet_other_game', {
          id: bet.id,
          game: other ? t(gameTitleKey(other) as StaticKey) : bet.game,
        })}{' '}
        <Link href={`/lab/${bet.game}?${query.toString()}`}>{t('dev.lab.open_in_lab')}</Link>
      </p>
    );
  }
  return (
    <div className="scene-lab__bet" data-testid="lab-bet" data-bet-id={bet.id}>
      <dl>
        <dt>{t('dev.lab.bet_id')}</dt>
        <dd>{bet.id}</dd>
        {bet.user_id !== undefined ? (
          <>
            <dt>{t('dev.lab.player')}</dt>
            <dd>{bet.user_id}</dd>
          </>
        ) : null}
        <dt>{t('dev.lab.placed')}</dt>
        <dd>
          <time dateTime={bet.created_at}>{dateTime(bet.created_at, i18n.language)}</time>
        </dd>
        <dt>{t('dev.lab.stake')}</dt>
        <dd>{formatMoney(bet.amount)}</dd>
        <dt>{t('dev.lab.multiplier')}</dt>
        <dd>{formatMultiplier(bet.multiplier)}</dd>
        <dt>{t('dev.lab.payout')}</dt>
        <dd>{formatMoney(bet.payout)}</dd>
        <dt>{t('dev.lab.params')}</dt>
        <dd>
          <code>{JSON.stringify(bet.params)}</code>
        </dd>
        <dt>{t('dev.lab.result')}</dt>
        <dd>
          <code data-testid="lab-bet-result">{JSON.stringify(bet.result)}</code>
        </dd>
      </dl>
      <button type="button" className="btn btn--secondary" onClick={onReplay}>
        {t('dev.lab.replay_bet')}
      </button>
    </div>
  );
}
