import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './panel.css';
import { formatMoney, formatMultiplier, unitsToCents } from '../shared/format/amount';
import { AutoBetControls } from '../shared/panel/AutoBetControls';
import type { AutoBetSettings } from '../shared/round/autoBet';
import { ChoiceField, numberChoices } from '../shared/panel/ChoiceField';
import { GameStats } from '../shared/panel/GameStats';
import { MainButton } from '../shared/panel/MainButton';
import { ModeTabs, type PanelMode } from '../shared/panel/ModeTabs';
import { RoundResult } from '../shared/panel/RoundResult';
import type { GamePanelProps } from '../shared/wire/services';
import type { BetJson } from '../shared/wire/types';
import { StakeField } from '../shared/panel/StakeField';
import { useAutoBet } from '../shared/round/useAutoBet';
import { useSceneActions, useSceneConfig, useSceneEvents } from '../shared/scene/useSceneChannel';
import { useSteppedGame } from '../shared/round/useSteppedGame';
import {
  boardOfResult,
  currentLevel,
  idleBoard,
  PATTERNS,
  patternTile,
  patternTiles,
  randomTile,
  type GemMinerBoard,
  type PatternName,
} from './board';
import { gemMinerChannel } from './channel';
import game from './game';
import { DIFFICULTIES, GEM_MINER, rules, SHAFTS, type Difficulty } from './rules';

/** Time for the scene to show a dig's answer before auto-play digs on (ms). */
const AUTO_DIG_PAUSE = 450;
const AUTO_GAME_PAUSE = 900;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Gem Miner controls: stake and difficulty, Start, then a tile per level (on the shaft, by key,
 * or "random tile") and Cash out with its amount; auto-play digs a tile pattern down to a target
 * level and cashes out, game after game. A game in progress comes back after a reload.
 */
export default function GemMinerPanel({ services, onSettled }: GamePanelProps) {
  const { t } = useTranslation();
  const [chosen, setDifficulty] = useState<Difficulty>('medium');
  const [mode, setMode] = useState<PanelMode>('manual');
  const [patternName, setPatternName] = useState<PatternName>('left');
  const [pattern, setPattern] = useState<number[]>(() => patternTiles('left', 'medium'));
  const [target, setTarget] = useState(3);
  const [settings, setSettings] = useState<AutoBetSettings>({
    count: 10,
    stopOnProfitCents: 0,
    stopOnLossCents: 0,
  });
  const play = useSteppedGame({
    services,
    paths: game.paths,
    rules,
    onSettled,
    lossSound: 'mine',
    // A game that comes back (a reload, another tab) brings its difficulty (the kit: its stake).
    onResume: (resumed) => setDifficulty(resumed.params.difficulty as Difficulty),
  });
  const bet = play.bet;
  // A game on the table (running, or the one just finished) decides the difficulty shown.
  const difficulty = play.running && bet ? (bet.params.difficulty as Difficulty) : chosen;

  const board = useMemo((): GemMinerBoard => {
    const base = bet ? boardOfResult(bet.result) : idleBoard(difficulty);
    const shown =
      base.status === 'playing' || base.difficulty === difficulty ? base : idleBoard(difficulty);
    return mode === 'auto' ? { ...shown, pattern, target } : shown;
  }, [bet, difficulty, mode, pattern, target]);
  useSceneConfig(gemMinerChannel, board);

  const level = currentLevel(board);
  const dig = useCallback(
    (tile: number) => {
      if (!play.running || play.busy || level < 0) return Promise.resolve(null);
      gemMinerChannel.scene?.digging(tile, level);
      return play.step(tile, level);
    },
    [play, level],
  );

  // A tile of the next level tapped while a dig is on its way is dug as soon as that level is
  // (dropped if the dig hit a rock): a quick player's second tap is not lost.
  const queued = useRef<{ tile: number; level: number } | null>(null);
  useEffect(() => {
    const next = queued.current;
    if (!next || play.busy) return;
    queued.current = null;
    if (play.running && next.level === level) void dig(next.tile);
  }, [play.busy, play.running, level, dig]);

  const choosePattern = (name: PatternName, forDifficulty = difficulty) => {
    setPatternName(name);
    if (name !== 'custom') setPattern(patternTiles(name, forDifficulty));
  };

  const auto = useAutoBet(async () => {
    const started = await play.start({ difficulty });
    if (!started) return null;
    let last: BetJson = started;
    for (let at = 0; rules.running(last.result) && at < target; at++) {
      const tile = patternTile(pattern, at, difficulty, Math.random());
      gemMinerChannel.scene?.digging(tile, at);
      const next = await play.step(tile, at);
      if (!next) return null;
      last = next;
      await pause(AUTO_DIG_PAUSE);
    }
    if (rules.running(last.result)) {
      const cashed = await play.cashOut();
      if (!cashed) return null;
      last = cashed;
    }
    await pause(AUTO_GAME_PAUSE);
    return { stakeCents: unitsToCents(last.amount), payoutCents: unitsToCents(last.payout) };
  }, settings);

  useSceneEvents(gemMinerChannel, {
    tile: (tile, atLevel) => {
      if (play.running) {
        if (!play.busy && atLevel === level) void dig(tile);
        else if (play.busy && !auto.running && atLevel === level + 1) {
          queued.current = { tile, level: atLevel };
        }
        return;
      }
      if (mode === 'auto' && !auto.running) {
        // Tapping the idle shaft in auto mode draws a custom pattern.
        setPatternName('custom');
        setPattern((p) => p.map((old, l) => (l === atLevel ? tile : old)));
      }
    },
  });
  useSceneActions(gemMinerChannel, { cashout: () => void play.cashOut() });

  const cleared = Number(bet?.result.level ?? 0);
  const { nextMultiplier, cashoutAmount } = play;
  const message = !bet
    ? ''
    : play.running
      ? t('games.gemMiner.dig_level', { level: cleared + 1, levels: GEM_MINER.levels })
      : bet.result.status === 'lost'
        ? t('games.gemMiner.lost', { level: cleared + 1 })
        : t('games.gemMiner.won', {
            amount: formatMoney(bet.payout),
            multiplier: formatMultiplier(bet.multiplier),
          });
  const locked = play.busy || play.running || auto.running;

  return (
    <div
      className="game-panel gem-miner-panel"
      data-testid="gemMiner-panel"
      data-loaded={play.loaded || undefined}
      data-status={board.status}
      data-game-id={bet?.id}
      data-level={play.running ? level : undefined}
      data-dug={board.dug.join(',')}
      data-busy={play.busy || undefined}
    >
      <ModeTabs round={{ mode, setMode, autoBet: auto }} />
      <StakeField stake={play} services={services} disabled={locked} />
      <ChoiceField
        label={t('games.gemMiner.field_difficulty')}
        name="difficulty"
        testId="gemMiner-difficulty"
        value={difficulty}
        choices={DIFFICULTIES}
        text={(d) => t(`games.gemMiner.difficulty_${d}`, SHAFTS[d])}
        disabled={locked}
        onChange={(next) => {
          setDifficulty(next);
          choosePattern(patternName === 'custom' ? 'left' : patternName, next);
        }}
      />
      {mode === 'auto' ? (
        <>
          <div className="gem-miner-panel__row">
            <ChoiceField
              label={t('games.gemMiner.pattern')}
              name="pattern"
              value={patternName}
              choices={PATTERNS}
              text={(p) => t(`games.gemMiner.pattern_${p}`)}
              disabled={auto.running}
              onChange={(name) => choosePattern(name)}
            />
            <ChoiceField
              label={t('games.gemMiner.target')}
              name="target"
              value={target}
              choices={numberChoices(1, GEM_MINER.levels)}
              disabled={auto.running}
              onChange={setTarget}
            />
          </div>
          <p className="muted">{t('games.gemMiner.pattern_hint')}</p>
          <AutoBetControls
            settings={settings}
            onChange={setSettings}
            running={auto.running}
            progress={auto.progress}
            stopped={auto.stopped}
            disabled={play.running && !auto.running}
          />
          <MainButton
            testId="gemMiner-auto"
            disabled={!play.loaded || (play.running && !auto.running)}
            onClick={() => (auto.running ? auto.stop() : void auto.start())}
          >
            {auto.running ? t('game.stop_auto') : t('game.start_auto')}
          </MainButton>
        </>
      ) : play.running ? (
        <>
          <GameStats
            stats={[
              {
                label: t('games.gemMiner.current'),
                value: bet && bet.multiplier > 0 ? formatMultiplier(bet.multiplier) : '–',
                testId: 'gemMiner-multiplier',
              },
              {
                label: t('games.gemMiner.next'),
                value: nextMultiplier !== null ? formatMultiplier(nextMultiplier) : '–',
              },
            ]}
          />
          <button
            type="button"
            className="btn btn--secondary btn--block"
            data-testid="gemMiner-random"
            disabled={play.busy}
            onClick={() => void dig(randomTile(difficulty, Math.random()))}
          >
            {t('games.gemMiner.random')}
          </button>
          <MainButton
            testId="gemMiner-cashout"
            disabled={play.busy || board.dug.length === 0}
            onClick={() => void play.cashOut()}
          >
            {t('games.gemMiner.cash_out', { amount: formatMoney(cashoutAmount) })}
          </MainButton>
        </>
      ) : (
        <MainButton
          testId="gemMiner-start"
          disabled={play.busy || !play.loaded}
          onClick={() => void play.start({ difficulty })}
        >
          {t('games.gemMiner.start')}
        </MainButton>
      )}
      <RoundResult testId="gemMiner-message">{message}</RoundResult>
      <p className="muted game-panel__hint">{t('games.gemMiner.keys')}</p>
      <p className="muted game-panel__touch-hint">{t('games.gemMiner.touch')}</p>
    </div>
  );
}
