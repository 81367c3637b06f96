import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './panel.css';
import type { AnyRules } from '../../fairness/contract';
import type { GameApi } from '../round/api';
import { formatMoney, formatMultiplier } from '../format/amount';
import { playableGame } from '../registry/catalog';
import { describeBet, formatBetTime, type Translate } from './historyFormat';
import type { BetJson } from '../wire/types';

interface Props {
  api: GameApi;
  game: string;
  /** Changes after every settled bet: the first page is fetched again. */
  refreshKey: number;
  /** Opens the fairness dialog's verifier on this bet. */
  onVerify?: (betId: number) => void;
}

/** The player's own bets of one game, newest first, with "load more". */
export function BetHistory({ api, game, refreshKey, onVerify }: Props) {
  const { t, i18n } = useTranslation();
  // The games' messages are named at run time (`games.<id>.<key>`), past the typed keys.
  const translate = t as unknown as Translate;
  const [bets, setBets] = useState<BetJson[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // Only this game's rules: the game page must not wait for every game's. The rows wait for them
  // (null: none could load), so that no row shows an empty result while they arrive.
  const [rules, setRules] = useState<AnyRules | null>();

  useEffect(() => {
    let active = true;
    const loading = playableGame(game)?.rules();
    if (!loading) setRules(null);
    loading?.then((loaded) => active && setRules(loaded)).catch(() => active && setRules(null));
    return () => {
      active = false;
    };
  }, [game]);

  useEffect(() => {
    let active = true;
    setLoading(true);
    api
      .bets(game)
      .then((page) => {
        if (!active) return;
        setBets(page.data);
        setCursor(page.next_cursor);
      })
      .catch(() => undefined)
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [api, game, refreshKey]);

  const more = useCallback(async () => {
    if (!cursor) return;
    setLoading(true);
    try {
      const page = await api.bets(game, { cursor });
      setBets((list) => [...list, ...page.data.filter((b) => !list.some((x) => x.id === b.id))]);
      setCursor(page.next_cursor);
    } catch {
      // the client showed the error dialog
    } finally {
      setLoading(false);
    }
  }, [api, game, cursor]);

  return (
    <section className="bet-history" aria-labelledby={`history-${game}`} data-testid="bet-history">
      <h2 id={`history-${game}`}>{t('game.history')}</h2>
      {bets.length === 0 && !loading ? <p className="muted">{t('game.history_empty')}</p> : null}
      {bets.length > 0 && rules !== undefined ? (
        <div className="bet-history__scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('game.col_bet')}</th>
                <th scope="col">{t('game.col_time')}</th>
                <th scope="col">{t('game.col_amount')}</th>
                <th scope="col">{t('game.col_multiplier')}</th>
                <th scope="col">{t('game.col_payout')}</th>
                <th scope="col">{t('game.col_result')}</th>
                <th scope="col">{t('game.col_nonce')}</th>
                {onVerify ? <th scope="col" /> : null}
              </tr>
            </thead>
            <tbody>
              {bets.map((bet) => (
                <tr
                  key={bet.id}
                  data-bet-id={bet.id}
                  className={bet.payout > 0 ? 'is-win' : 'is-loss'}
                >
                  <td>{bet.id}</td>
                  <td className="bet-history__time">
                    <time dateTime={bet.created_at}>
                      {formatBetTime(bet.created_at, i18n.language)}
                    </time>
                  </td>
                  <td>{formatMoney(bet.amount)}</td>
                  <td>{formatMultiplier(bet.multiplier)}</td>
                  <td>{formatMoney(bet.payout)}</td>
                  <td className="bet-history__result">
                    {describeBet(rules ?? undefined, bet, translate)}
                  </td>
                  <td>{bet.nonce}</td>
                  {onVerify ? (
                    <td>
                      <button
                        type="button"
                        className="btn btn--link"
                        onClick={() => onVerify(bet.id)}
                      >
                        {t('game.verify')}
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {cursor ? (
        <button
          type="button"
          className="btn btn--secondary"
          disabled={loading}
          onClick={() => void more()}
        >
          {t('game.load_more')}
        </button>
      ) : null}
    </section>
  );
}
