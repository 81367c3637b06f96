import { useId, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { formatMultiplier } from '../../../games/shared/format/amount';
import { gameById, gameTitleKey } from '../../../games/shared/registry/catalog';
import type { LiveBet } from '../../api/liveBets';
import { route } from '../../app/routes';
import type { StaticKey } from '../../i18n';
import { authState } from '../../state/auth';
import { CurrencyIcon } from '../CurrencyIcon';
import { formatBalance } from '../format';
import {
  HIGH_ROLLER_STAKE,
  LIVE_BETS_TABS,
  LUCKY_MULTIPLIER,
  SHOWN_BETS,
  type LiveBetsTab,
} from './liveBetLists';
import { useLiveBets } from './useLiveBets';
import './liveBets.css';
import { dateTimeFormat } from '../../../games/shared/format/formats';

const TAB_KEYS: Record<LiveBetsTab, StaticKey> = {
  all: 'live_bets.tab_all',
  high: 'live_bets.tab_high',
  lucky: 'live_bets.tab_lucky',
  mine: 'live_bets.tab_mine',
};

/** The time of day a bet was settled, HH:mm:ss on the player's clock. */
function formatTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(date);
}

function Money({ value }: { value: number }) {
  return (
    <span className="live-bets__money">
      {formatBalance(value)}
      <CurrencyIcon size={14} />
    </span>
  );
}

function GameCell({ id }: { id: string }) {
  const { t } = useTranslation();
  const game = gameById(id);
  const title = game ? t(gameTitleKey(game) as StaticKey) : id;
  const [from, to] = game?.tile ?? ['#2f4553', '#213743'];
  const style = { '--tile-from': from, '--tile-to': to } as CSSProperties;
  const inner = (
    <>
      <span className="live-bets__icon" style={style} aria-hidden="true">
        {title.charAt(0)}
      </span>
      <span className="live-bets__game-name">{title}</span>
    </>
  );
  return game ? (
    <Link href={`/${game.id}`} className="live-bets__game">
      {inner}
    </Link>
  ) : (
    <span className="live-bets__game">{inner}</span>
  );
}

function PlayerCell({ bet }: { bet: LiveBet }) {
  const { t } = useTranslation();
  if (bet.player === null) {
    return <span className="live-bets__hidden">{t('live_bets.hidden')}</span>;
  }
  return bet.user_id === null ? (
    <span className="live-bets__player">{bet.player}</span>
  ) : (
    <Link href={route('profile', { uid: bet.user_id })} className="live-bets__player">
      {bet.player}
    </Link>
  );
}

/**
 * The live bets table (home page and every game page): every bet settled on the site as it is
 * settled, pushed by the server (GET /api/bets/live). Tabs: all bets, high rollers (a stake of
 * HIGH_ROLLER_STAKE or more), lucky wins (LUCKY_MULTIPLIER or more) and, signed in, the player's
 * own. On a phone the time and stake columns give way.
 */
export function LiveBets() {
  const { t, i18n } = useTranslation();
  const { user } = useSnapshot(authState);
  const { lists, live } = useLiveBets();
  const [chosen, setChosen] = useState<LiveBetsTab>('all');
  const tabs = LIVE_BETS_TABS.filter((tab) => tab !== 'mine' || user);
  const tab = tabs.includes(chosen) ? chosen : 'all';
  const bets = lists[tab].slice(0, SHOWN_BETS);
  const baseId = useId();
  const tabId = (name: LiveBetsTab) => `${baseId}-tab-${name}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]!;
    setChosen(next);
    document.getElementById(tabId(next))?.focus();
  };

  const empty = {
    all: t('live_bets.empty_all'),
    high: t('live_bets.empty_high', { amount: formatBalance(HIGH_ROLLER_STAKE) }),
    lucky: t('live_bets.empty_lucky', { multiplier: formatMultiplier(LUCKY_MULTIPLIER) }),
    mine: t('live_bets.empty_mine'),
  }[tab];

  return (
    <section
      className="live-bets card"
      aria-labelledby={`${baseId}-title`}
      data-live-bets={live ? 'live' : 'connecting'}
    >
      <header className="live-bets__header">
        <h2 id={`${baseId}-title`} className="live-bets__title">
          <span className="live-bets__dot" data-live={live} aria-hidden="true" />
          {t('live_bets.title')}
        </h2>
        <span className="live-bets__status muted" aria-live="polite">
          {live ? t('live_bets.live') : t('live_bets.connecting')}
        </span>
      </header>
      <div className="live-bets__tabs" role="tablist" aria-label={t('live_bets.tabs_label')}>
        {tabs.map((name) => (
          <button
            key={name}
            id={tabId(name)}
            type="button"
            role="tab"
            className="live-bets__tab"
            aria-selected={name === tab}
            aria-controls={panelId}
            tabIndex={name === tab ? 0 : -1}
            onClick={() => setChosen(name)}
            onKeyDown={onKeyDown}
          >
            {t(TAB_KEYS[name])}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(tab)} data-tab={tab}>
        <table className="live-bets__table">
          <thead>
            <tr>
              <th scope="col">{t('live_bets.col_game')}</th>
              <th scope="col">{t('live_bets.col_player')}</th>
              <th scope="col" className="live-bets__wide">
                {t('live_bets.col_time')}
              </th>
              <th scope="col" className="live-bets__wide live-bets__num">
                {t('live_bets.col_stake')}
              </th>
              <th scope="col" className="live-bets__num">
                {t('live_bets.col_multiplier')}
              </th>
              <th scope="col" className="live-bets__num">
                {t('live_bets.col_payout')}
              </th>
            </tr>
          </thead>
          <tbody>
            {bets.map((bet) => {
              const won = bet.payout > bet.amount;
              return (
                <tr key={bet.id} data-bet-id={bet.id} data-mine={bet.mine ? 'true' : undefined}>
                  <td>
                    <GameCell id={bet.game} />
                  </td>
                  <td className="live-bets__player-cell">
                    <PlayerCell bet={bet} />
                  </td>
                  <td className="live-bets__wide live-bets__time">
                    <time dateTime={bet.time}>{formatTime(bet.time, i18n.language)}</time>
                  </td>
                  <td className="live-bets__wide live-bets__num">
                    <Money value={bet.amount} />
                  </td>
                  <td className="live-bets__num live-bets__multiplier" data-won={won}>
                    {formatMultiplier(bet.multiplier)}
                  </td>
                  <td className="live-bets__num live-bets__payout" data-won={won}>
                    <Money value={bet.payout} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {bets.length === 0 ? <p className="live-bets__empty muted">{empty}</p> : null}
      </div>
    </section>
  );
}
