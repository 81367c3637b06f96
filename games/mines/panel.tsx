import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './panel.css';
import { formatMoney, formatMultiplier, unitsToCents, type StakeIssue } from '../shared/amount';
import { postBet } from '../shared/api';
import { BetAmountInput } from '../shared/BetAmountInput';
import type { BetAnswer, BetJson, GamePanelProps } from '../shared/services';
import { playGameSound } from '../shared/sounds';
import { signedIn, useBetCall } from '../shared/useBetCall';
import { useSceneActions, useSceneConfig, useSceneEvents } from '../shared/useSceneChannel';
import { EMPTY_BOARD, boardOfResult, randomHiddenTile, type MinesBoard } from './board';
import { minesChannel } from './channel';
import definition from './game';
import { MINES } from './rules';

const { games: GAMES_PATH, step: STEP, active: ACTIVE_PATH } = definition.paths;

interface ActiveGame {
  id: number;
  amount: number;
  multiplier: number;
  nextMultiplier: number | null;
}

const activeOf = (answer: BetAnswer['bet']): ActiveGame => ({
  id: answer.id,
  amount: answer.amount,
  multiplier: answer.multiplier,
  nextMultiplier:
    typeof answer.result.next_multiplier === 'number' ? answer.result.next_multiplier : null,
});

/** Mines controls: stake and mine count, start, reveal (board, keys), cash out; resumes a game. */
export default function MinesPanel({ services, onSettled }: GamePanelProps) {
  const { t } = useTranslation();
  const countId = useId();
  const [amountCents, setAmountCents] = useState(100);
  const [stakeIssue, setStakeIssue] = useState<StakeIssue | null>(null);
  const [minesCount, setMinesCount] = useState(3);
  const [board, setBoard] = useState<MinesBoard>(EMPTY_BOARD);
  const [game, setGame] = useState<ActiveGame | null>(null);
  const [message, setMessage] = useState('');
  const [loaded, setLoaded] = useState(false);
  const { busy, run } = useBetCall();
  useSceneConfig(minesChannel, board);

  // A game in progress (after a reload, or from another tab) is resumed.
  useEffect(() => {
    if (!services.isAuthenticated) return;
    let active = true;
    services
      .request<{ bet: BetJson | null; balance: number }>('GET', ACTIVE_PATH, undefined, {
        silent: true,
      })
      .then((answer) => {
        if (!active) return;
        services.setBalance(answer.balance);
        if (answer.bet) {
          setGame(activeOf(answer.bet));
          setBoard(boardOfResult(answer.bet.result));
          setMinesCount(Number(answer.bet.result.mines_count) || 3);
          setAmountCents(unitsToCents(answer.bet.amount));
          setMessage(t('games.mines.resumed'));
        }
      })
      .catch(() => undefined)
      .finally(() => active && setLoaded(true));
    return () => {
      active = false;
    };
  }, [services, t]);

  /** A reveal or a cash-out answered: the board, the bar, and the end of the game if it ended. */
  const settle = (answer: BetAnswer) => {
    const next = boardOfResult(answer.bet.result);
    setBoard(next);
    services.setBalance(answer.balance);
    if (next.status === 'active') {
      setGame(activeOf(answer.bet));
      return;
    }
    setGame(null);
    if (next.status === 'lost') {
      playGameSound('mine');
      setMessage(t('games.mines.lost'));
    } else {
      playGameSound('win');
      setMessage(t('games.mines.won', { amount: formatMoney(answer.bet.payout) }));
    }
    onSettled?.(answer.bet);
  };

  const start = () => {
    if (!signedIn(services) || game || stakeIssue) return;
    void run(async () => {
      const answer = await postBet<BetAnswer>(services.request, GAMES_PATH, {
        amount: amountCents / 100,
        mines: minesCount,
      });
      playGameSound('bet');
      setMessage(t('games.mines.pick'));
      setBoard(boardOfResult(answer.bet.result));
      setGame(activeOf(answer.bet));
      services.setBalance(answer.balance);
      onSettled?.(answer.bet);
    });
  };

  const reveal = (tile: number) => {
    if (!game || board.revealed.includes(tile)) return;
    void run(async () => {
      const answer = await services.request<BetAnswer>('POST', `${GAMES_PATH}/${game.id}/${STEP}`, {
        tile,
      });
      if (answer.bet.result.status === 'active') playGameSound('reveal');
      settle(answer);
    });
  };

  const cashout = () => {
    if (!game || board.revealed.length === 0) return;
    void run(async () =>
      settle(await services.request<BetAnswer>('POST', `${GAMES_PATH}/${game.id}/cashout`, {})),
    );
  };

  useSceneEvents(minesChannel, { tile: reveal });
  useSceneActions(minesChannel, {
    reveal: () => {
      const scene = minesChannel.scene;
      if (scene) reveal(scene.cursor());
    },
    cashout,
  });

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
        onIssue={setStakeIssue}
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
              <dd>{game.nextMultiplier !== null ? formatMultiplier(game.nextMultiplier) : '–'}</dd>
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
