import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './panel.css';
import { formatMoney, formatMultiplier } from '../shared/format/amount';
import { ChoiceField, numberChoices } from '../shared/panel/ChoiceField';
import { GameStats } from '../shared/panel/GameStats';
import { MainButton } from '../shared/panel/MainButton';
import { RoundResult } from '../shared/panel/RoundResult';
import type { GamePanelProps } from '../shared/wire/services';
import { StakeField } from '../shared/panel/StakeField';
import { useSceneActions, useSceneConfig, useSceneEvents } from '../shared/scene/useSceneChannel';
import { useSteppedGame } from '../shared/round/useSteppedGame';
import { EMPTY_BOARD, boardOfResult, randomHiddenTile, type MinesBoard } from './board';
import { minesChannel } from './channel';
import definition from './game';
import { MINES, rules } from './rules';

/** Mines controls: stake and mine count, start, reveal (board, keys), cash out; resumes a game. */
export default function MinesPanel({ services, onSettled }: GamePanelProps) {
  const { t } = useTranslation();
  const [minesCount, setMinesCount] = useState(3);
  /** The game that came back after a reload (or from another tab): its message says so. */
  const [resumedId, setResumedId] = useState<number | null>(null);
  const play = useSteppedGame({
    services,
    paths: definition.paths,
    rules,
    onSettled,
    lossSound: 'mine',
    onResume: (bet) => {
      setResumedId(bet.id);
      setMinesCount(Number(bet.result.mines_count) || 3);
    },
  });
  const { bet, busy, loaded } = play;
  // The game on the table (running, or the last one over) until the next start.
  const board = useMemo((): MinesBoard => (bet ? boardOfResult(bet.result) : EMPTY_BOARD), [bet]);
  useSceneConfig(minesChannel, board);
  const game = play.running ? bet : null;

  const start = () => void play.start({ mines: minesCount });

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
    pick: () => {
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
  const { nextMultiplier, cashoutAmount } = play;
  const safeRevealed = board.revealed.length;

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
      {/* A game in play leads with what it says and pays (on a phone the panel's top is what
          shows under the board); until a gem is found there is nothing to cash out yet. */}
      {game ? (
        <>
          <RoundResult testId="mines-message">{message}</RoundResult>
          <GameStats
            stats={[
              {
                label: t('games.mines.current'),
                value: safeRevealed > 0 ? formatMultiplier(game.multiplier) : '–',
                testId: 'mines-multiplier',
              },
              {
                label: t('games.mines.next'),
                value: nextMultiplier !== null ? formatMultiplier(nextMultiplier) : '–',
                testId: 'mines-next',
              },
              {
                label: t('games.mines.cashout'),
                value: safeRevealed > 0 ? formatMoney(cashoutAmount) : '–',
              },
            ]}
          />
        </>
      ) : null}
      <StakeField stake={play} services={services} disabled={busy || game !== null} />
      <ChoiceField
        label={t('games.mines.count')}
        name="mines"
        value={minesCount}
        choices={numberChoices(MINES.minMines, MINES.maxMines)}
        disabled={busy || game !== null}
        onChange={setMinesCount}
      />
      {game ? (
        <>
          <MainButton
            testId="mines-cashout"
            disabled={busy || safeRevealed === 0}
            onClick={cashout}
          >
            {safeRevealed > 0
              ? `${t('games.mines.cashout')} ${formatMoney(cashoutAmount)}`
              : t('games.mines.cashout')}
          </MainButton>
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
        <MainButton testId="mines-start" disabled={busy || !loaded} onClick={start}>
          {t('games.mines.start')}
        </MainButton>
      )}
      {game ? null : <RoundResult testId="mines-message">{message}</RoundResult>}
      <p className="muted game-panel__hint">{t('games.mines.keys')}</p>
    </div>
  );
}
