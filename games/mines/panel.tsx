import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './panel.css';
import { formatMoney, formatMultiplier, unitsToCents } from '../shared/amount';
import { BetAmountInput } from '../shared/BetAmountInput';
import type { GamePanelProps } from '../shared/services';
import { useSceneActions, useSceneConfig, useSceneEvents } from '../shared/useSceneChannel';
import { useSteppedGame } from '../shared/useSteppedGame';
import { EMPTY_BOARD, boardOfResult, randomHiddenTile, type MinesBoard } from './board';
import { minesChannel } from './channel';
import definition from './game';
import { MINES } from './rules';

/** Mines controls: stake and mine count, start, reveal (board, keys), cash out; resumes a game. */
export default function MinesPanel({ services, onSettled }: GamePanelProps) {
  const { t } = useTranslation();
  const countId = useId();
  const [amountCents, setAmountCents] = useState(100);
  const [minesCount, setMinesCount] = useState(3);
  /** The game that came back after a reload (or from another tab): its message says so. */
  const [resumedId, setResumedId] = useState<number | null>(null);
  const play = useSteppedGame({
    services,
    paths: definition.paths,
    rules: definition.rules,
    onSettled,
    lossSound: 'mine',
    onResume: (bet) => {
      setResumedId(bet.id);
      setMinesCount(Number(bet.result.mines_count) || 3);
      setAmountCents(unitsToCents(bet.amount));
    },
  });
  const { bet, busy, loaded } = play;
  // The game on the table (running, or the last one over) until the next start.
  const board = useMemo((): MinesBoard => (bet ? boardOfResult(bet.result) : EMPTY_BOARD), [bet]);
  useSceneConfig(minesChannel, board);
  const game = play.running ? bet : null;

  const start = () => void play.start({ amount: amountCents / 100, mines: minesCount });

  const reveal = (tile: number) => {
    if (!game || board.revealed.includes(tile)) return;
    void play.step(tile);
  };

  const cashout = () => {
    if (!game || board.revealed.length === 0) return;
    void play.cashOut();
  };

  useSceneEvents(minesChannel, { tile: reveal });
  useSceneActions(minesChannel, {
    reveal: () => {
      const scene = minesChannel.scene;
      if (scene) reveal(scene.cursor());
    },
    cashout,
  });

  const message = !bet
    ? ''
    : board.status === 'active'
      ? t(bet.id === resumedId ? 'games.mines.resumed' : 'games.mines.pick')
      : board.status === 'lost'
        ? t('games.mines.lost')
        : t('games.mines.won', { amount: formatMoney(bet.payout) });
  const nextMultiplier =
    typeof game?.result.next_multiplier === 'number' ? game.result.next_multiplier : null;
  const safeRevealed = board.revealed.length;
  const cashoutAmount = game ? Math.floor(unitsToCents(game.amount) * game.multiplier) / 100 : 0;

  return (
    <div
      className="game-panel mines-panel"
      data-testid="mines-panel"
      data-loaded={loaded || undefined}
      data-status={board.status}
      data-game-id={game?.id}
      data-revealed={board.revealed.join(',')}
      data-mines={board.mines?.join(',')}
      data-busy={busy || undefined}
    >
      <BetAmountInput
        cents={amountCents}
        onChange={setAmountCents}
        balance={services.balance}
        checkBalance={services.isAuthenticated}
        onIssue={play.onStakeIssue}
        disabled={busy || game !== null}
      />
      <div className="game-field">
        <label htmlFor={countId}>{t('games.mines.count')}</label>
        <select
          id={countId}
          name="mines"
          value={minesCount}
          disabled={busy || game !== null}
          onChange={(e) => setMinesCount(Number(e.target.value))}
        >
          {Array.from({ length: MINES.maxMines }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      {game ? (
        <>
          <dl className="game-stats">
            <div>
              <dt>{t('games.mines.current')}</dt>
              <dd data-testid="mines-multiplier">{formatMultiplier(game.multiplier)}</dd>
            </div>
            <div>
              <dt>{t('games.mines.next')}</dt>
              <dd>{nextMultiplier !== null ? formatMultiplier(nextMultiplier) : '–'}</dd>
            </div>
            <div>
              <dt>{t('games.mines.cashout')}</dt>
              <dd>{formatMoney(cashoutAmount)}</dd>
            </div>
          </dl>
          <button
            type="button"
            className="btn btn--primary btn--block btn--large"
            data-testid="mines-cashout"
            disabled={busy || safeRevealed === 0}
            onClick={cashout}
          >
            {t('games.mines.cashout')} {formatMoney(cashoutAmount)}
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--block"
            data-testid="mines-random"
            disabled={busy}
            onClick={() => {
              const tile = randomHiddenTile(board, Math.random());
              if (tile !== null) reveal(tile);
            }}
          >
            {t('games.mines.random')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="btn btn--primary btn--block btn--large"
          data-testid="mines-start"
          disabled={busy || !loaded}
          onClick={start}
        >
          {t('games.mines.start')}
        </button>
      )}
      <p className="game-panel__result" aria-live="polite" data-testid="mines-message">
        {message}
      </p>
      <p className="muted game-panel__hint">{t('games.mines.keys')}</p>
    </div>
  );
}
