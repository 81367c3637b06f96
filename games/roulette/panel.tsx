import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './panel.css';
import { formatMoney } from '../shared/amount';
import { AutoBetFooter } from '../shared/AutoBetFooter';
import type { GamePanelProps } from '../shared/services';
import { playGameSound } from '../shared/sounds';
import { StakeControls } from '../shared/StakeControls';
import { useBetRound } from '../shared/useBetRound';
import { useSceneActions } from '../shared/useSceneChannel';
import { rouletteChannel } from './channel';
import { RED_NUMBERS, type RouletteBetType } from './rules';
import {
  INSIDE_MODES,
  addChip,
  betLabel,
  centsOnNumber,
  clickNumber,
  outsideBet,
  toWire,
  totalCents,
  type InsideMode,
  type TableBet,
} from './selection';
import game from './game';

type OutsideType = Exclude<RouletteBetType, InsideMode>;
const EVEN_CHANCES: OutsideType[] = ['low', 'even', 'red', 'black', 'odd', 'high'];
const ROWS = Array.from({ length: 12 }, (_, r) => [r * 3 + 1, r * 3 + 2, r * 3 + 3]);

/** Roulette controls: chip value, the betting table (every bet type), spin; manual or auto. */
export default function RoulettePanel({ services, onSettled }: GamePanelProps) {
  const { t } = useTranslation();
  const [insideMode, setInsideMode] = useState<InsideMode>('straight');
  const [pending, setPending] = useState<number | null>(null);
  const [bets, setBets] = useState<TableBet[]>([]);

  const round = useBetRound({
    services,
    onSettled,
    ready: bets.length > 0,
    bet: () => ({ path: game.paths.bet, body: { bets: toWire(bets) } }),
    animate: async (answer) => {
      const pocket = Number(answer.bet.result.pocket);
      const landed = rouletteChannel.scene ? await rouletteChannel.scene.spin(pocket) : pocket;
      return { pocket: landed, payout: answer.bet.payout };
    },
  });
  const { locked, last } = round;
  useSceneActions(rouletteChannel, { bet: round.trigger });

  const place = (bet: { type: RouletteBetType; selection: number[] }) => {
    setBets((list) => addChip(list, bet, round.stakeCents));
    playGameSound('tick');
  };
  const onNumber = (n: number) => {
    const click = clickNumber(insideMode, n, pending);
    setPending(click.pending);
    if (click.bet) place(click.bet);
  };

  const numberButton = (n: number) => {
    const cents = centsOnNumber(bets, n);
    const color = n === 0 ? 'is-green' : RED_NUMBERS.includes(n) ? 'is-red' : 'is-black';
    return (
      <button
        key={n}
        type="button"
        className={`${color}${pending === n ? ' is-pending' : ''}${cents ? ' has-chip' : ''}`}
        data-number={n}
        data-chip={cents ? formatMoney(cents / 100) : undefined}
        aria-pressed={pending === n || undefined}
        disabled={locked || (n === 0 && insideMode !== 'straight' && insideMode !== 'split')}
        onClick={() => onNumber(n)}
      >
        {n}
      </button>
    );
  };

  return (
    <div
      className="game-panel roulette-panel"
      data-testid="roulette-panel"
      data-busy={locked || undefined}
      data-settled-pocket={last?.pocket}
    >
      <StakeControls round={round} services={services} label={t('games.roulette.chip')} />
      <div className="game-field">
        <label htmlFor="roulette-bet-type">{t('games.roulette.bet_type')}</label>
        <select
          id="roulette-bet-type"
          name="bet_type"
          value={insideMode}
          disabled={locked}
          onChange={(e) => {
            setInsideMode(e.target.value as InsideMode);
            setPending(null);
          }}
        >
          {INSIDE_MODES.map((m) => (
            <option key={m} value={m}>
              {t(`games.roulette.type_${m}`)}
            </option>
          ))}
        </select>
      </div>
      {pending !== null ? <p className="muted">{t('games.roulette.pick_neighbour')}</p> : null}
      <div className="roulette-table" role="group" aria-label={t('games.roulette.table')}>
        {numberButton(0)}
        {ROWS.map((row) => row.map(numberButton))}
      </div>
      <div className="roulette-outside">
        {([1, 2, 3] as const).map((c) => (
          <button
            key={`col${c}`}
            type="button"
            className="btn btn--secondary"
            data-bet={`column-${c}`}
            disabled={locked}
            onClick={() => place(outsideBet('column', c))}
          >
            {t('games.roulette.type_column')} {c}
          </button>
        ))}
        {([1, 2, 3] as const).map((d) => (
          <button
            key={`doz${d}`}
            type="button"
            className="btn btn--secondary"
            data-bet={`dozen-${d}`}
            disabled={locked}
            onClick={() => place(outsideBet('dozen', d))}
          >
            {`${d * 12 - 11}–${d * 12}`}
          </button>
        ))}
        {EVEN_CHANCES.map((type) => (
          <button
            key={type}
            type="button"
            className="btn btn--secondary"
            data-bet={type}
            disabled={locked}
            onClick={() => place(outsideBet(type))}
          >
            {t(`games.roulette.type_${type}`)}
          </button>
        ))}
      </div>
      <div>
        <h3 className="muted">{t('games.roulette.placed')}</h3>
        {bets.length === 0 ? (
          <p className="muted">{t('games.roulette.empty')}</p>
        ) : (
          <ul className="roulette-bets" data-testid="roulette-bets">
            {bets.map((b) => (
              <li key={betLabel(b)} data-type={b.type}>
                {betLabel(b)} · {formatMoney(b.amountCents / 100)}
              </li>
            ))}
          </ul>
        )}
        <p>
          {t('games.roulette.total')}:{' '}
          <strong data-testid="roulette-total">{formatMoney(totalCents(bets) / 100)}</strong>
        </p>
        <div className="mode-tabs">
          <button
            type="button"
            className="btn btn--secondary"
            disabled={locked || bets.length === 0}
            onClick={() => setBets((l) => l.slice(0, -1))}
          >
            {t('games.roulette.undo')}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={locked || bets.length === 0}
            onClick={() => setBets([])}
          >
            {t('games.roulette.clear')}
          </button>
        </div>
      </div>
      <AutoBetFooter
        round={round}
        disabled={bets.length === 0}
        betLabel={t('games.roulette.spin')}
        testId="roulette-spin"
        onBet={round.trigger}
      />
      <p className="game-panel__result" aria-live="polite" data-testid="roulette-result">
        {last
          ? t('games.roulette.landed', { pocket: last.pocket, payout: formatMoney(last.payout) })
          : ''}
      </p>
      <p className="muted game-panel__hint">{t('games.roulette.keys')}</p>
    </div>
  );
}
