import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gameApi } from '../shared/api';
import { formatMoney, formatMultiplier, unitsToCents } from '../shared/amount';
import { BetAmountInput } from '../shared/BetAmountInput';
import type { BetAnswer, GamePanelProps } from '../shared/services';
import { playGameSound } from '../shared/sounds';
import { useGameKeys } from '../shared/useGameKeys';
import { EMPTY_BOARD, boardOfResult, randomHiddenTile, type MinesBoard } from './board';
import { minesChannel } from './channel';
import { MINES } from './rules';

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
  const api = useMemo(() => gameApi(services.request), [services.request]);
  const countId = useId();
  const [amountCents, setAmountCents] = useState(100);
  const [minesCount, setMinesCount] = useState(3);
  const [board, setBoard] = useState<MinesBoard>(EMPTY_BOARD);
  const [game, setGame] = useState<ActiveGame | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [loaded, setLoaded] = useState(false);
  const boardRef = useRef(board);

  useEffect(() => {
    boardRef.current = board;
    minesChannel.scene?.setBoard(board);
  }, [board]);

  useEffect(() => {
    void minesChannel.whenShown().then((scene) => scene.setBoard(boardRef.current));
  }, []);

  // A game in progress (after a reload, or from another tab) is resumed.
  useEffect(() => {
    if (!services.isAuthenticated) return;
    let active = true;
    api
      .minesActive()
      .then((answer) => {
        if (!active) return;
        services.setBalance(answer.balance);
        if (answer.bet) {
          setGame(activeOf(answer.bet));
          setBoard(boardOfResult(answer.bet.result));
          setMinesCount(Number(answer.bet.result.mines_count) || 3);
          setAmountCents(unitsToCents(answer.bet.amount));
          setMessage(t('game.mines.resumed'));
        }
      })
      .catch(() => undefined)
      .finally(() => active && setLoaded(true));
    return () => {
      active = false;
    };
  }, [api, services, t]);

  const settle = useCallback(
    (answer: BetAnswer) => {
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
        setMessage(t('game.mines.lost'));
      } else {
        playGameSound('win');
        setMessage(t('game.mines.won', { amount: formatMoney(answer.bet.payout) }));
      }
      onSettled?.(answer.bet);
    },
    [services, onSettled, t],
  );

  const run = async (action: () => Promise<BetAnswer>, after: (a: BetAnswer) => void) => {
    if (busy) return;
    setBusy(true);
    try {
      after(await action());
    } catch {
      // the shell's client showed the error dialog
    } finally {
      setBusy(false);
    }
  };

  const start = () => {
    if (!services.isAuthenticated) return services.requireLogin();
    if (game) return;
    void run(
      () => api.minesStart({ amount: amountCents / 100, mines: minesCount }),
      (answer) => {
        playGameSound('bet');
        setMessage(t('game.mines.pick'));
        setBoard(boardOfResult(answer.bet.result));
        setGame(activeOf(answer.bet));
        services.setBalance(answer.balance);
        onSettled?.(answer.bet);
      },
    );
  };

  const reveal = (tile: number) => {
    if (!game || board.revealed.includes(tile)) return;
    void run(
      () => api.minesReveal(game.id, tile),
      (answer) => {
        if (answer.bet.result.status === 'active') playGameSound('reveal');
        settle(answer);
      },
    );
  };

  const cashout = () => {
    if (!game || board.revealed.length === 0) return;
    void run(() => api.minesCashout(game.id), settle);
  };

  const revealRef = useRef(reveal);
  useEffect(() => {
    revealRef.current = reveal;
  });
  useEffect(() => minesChannel.listen({ tile: (tile) => revealRef.current(tile) }), []);

  const revealCursor = () => {
    const scene = minesChannel.scene;
    if (scene) reveal(scene.cursor());
  };
  useGameKeys({
    Enter: revealCursor,
    NumpadEnter: revealCursor,
    Space: revealCursor,
    KeyC: cashout,
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
        balanceCents={() => unitsToCents(services.balance())}
        disabled={busy || game !== null}
      />
      <div className="game-field">
        <label htmlFor={countId}>{t('game.mines.count')}</label>
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
              <dt>{t('game.mines.current')}</dt>
              <dd data-testid="mines-multiplier">{formatMultiplier(game.multiplier)}</dd>
            </div>
            <div>
              <dt>{t('game.mines.next')}</dt>
              <dd>{game.nextMultiplier !== null ? formatMultiplier(game.nextMultiplier) : '–'}</dd>
            </div>
            <div>
              <dt>{t('game.mines.cashout')}</dt>
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
            {t('game.mines.cashout')} {formatMoney(cashoutAmount)}
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
            {t('game.mines.random')}
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
          {t('game.mines.start')}
        </button>
      )}
      <p className="game-panel__result" aria-live="polite" data-testid="mines-message">
        {message}
      </p>
      <p className="muted game-panel__hint">{t('game.mines.keys')}</p>
    </div>
  );
}
