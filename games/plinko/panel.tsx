import { throttle } from 'es-toolkit';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMultiplier } from '../shared/format/amount';
import { AutoBetFields, BetButton } from '../shared/panel/AutoBetFooter';
import { ChoiceField, numberChoices } from '../shared/panel/ChoiceField';
import { GameStats } from '../shared/panel/GameStats';
import { RoundResult } from '../shared/panel/RoundResult';
import type { GamePanelProps } from '../shared/wire/services';
import { StakeControls } from '../shared/panel/StakeControls';
import { useBetRound } from '../shared/round/useBetRound';
import { useSceneConfig, useSceneEvents } from '../shared/scene/useSceneChannel';
import { plinkoChannel } from './channel';
import { PLINKO, PLINKO_RISKS, plinkoMultipliersE4, type PlinkoRisk } from './rules';
import game from './game';

const ROW_CHOICES = numberChoices(PLINKO.minRows, PLINKO.maxRows);

/** The in-flight count is written at most this often: a change shows within this time. */
const IN_FLIGHT_EVERY_MS = 250;

/**
 * The number of balls in flight, as the scene reports it: with 100 balls, a new count nearly
 * every frame, more than a player reads, and each one a style and layout pass in its frame (about
 * 1 ms of a busy frame at 4x). Written into its box directly (no React render for each) and at
 * most every IN_FLIGHT_EVERY_MS, the latest count last; a box of its own size
 * (`game-stats__live`), so a new count lays out that box alone, not the panel.
 */
function InFlightCount() {
  const box = useRef<HTMLSpanElement>(null);
  const write = useMemo(
    () =>
      throttle(
        (count: number) => {
          // The text node changed in place: no new node for the page to style.
          const text = box.current?.firstChild;
          if (text) text.nodeValue = String(count);
        },
        IN_FLIGHT_EVERY_MS,
        // Trailing only: with a leading edge as well, a count coming just after a trailing write
        // would be written at once, two writes in a few milliseconds.
        { edges: ['trailing'] },
      ),
    [],
  );
  useEffect(() => () => write.cancel(), [write]);
  useSceneEvents(plinkoChannel, { inFlight: write });
  return (
    <span ref={box} className="game-stats__live">
      0
    </span>
  );
}

/**
 * Plinko controls: stake, rows and risk (locked while balls are in flight), one ball or an
 * auto-bet of N balls at up to 10 a second, many in flight at once. The top bar loses each
 * stake at once and gains each payout when its ball lands.
 */
export default function PlinkoPanel({ services, onSettled }: GamePanelProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<number>(PLINKO.maxRows);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  // Rows and risk lock while any ball flies: the panel renders again only when that changes, not
  // for every ball dropped or landed (InFlightCount does; with 100 balls that is every frame).
  const [flying, setFlying] = useState(false);

  useSceneEvents(plinkoChannel, { inFlight: (count: number) => setFlying(count > 0) });
  useSceneConfig(
    plinkoChannel,
    useMemo(() => ({ rows, risk }), [rows, risk]),
  );
  const round = useBetRound({
    services,
    onSettled,
    bet: (stakeCents) => ({
      path: game.paths.bet,
      body: { amount: stakeCents / 100, rows, risk },
    }),
    // The ball is dropped once the server answered; the next one need not wait for it to land.
    overlapping: true,
    animate: async (answer, { instant }) => {
      const scene = plinkoChannel.scene ?? (await plinkoChannel.whenShown());
      const { path, bucket } = answer.bet.result;
      await scene.drop(String(path), Number(bucket), instant);
      return answer.bet.multiplier;
    },
    // The scene sounds each landing.
    sounds: { settled: () => null },
    initialAuto: { count: 20 },
    autoBetsPerSecond: 10,
  });
  const { autoBet, last } = round;
  const running = autoBet.running;

  const boardLocked = flying || running;
  const multipliers = plinkoMultipliersE4(rows, risk);
  const top = Math.max(...multipliers) / 10_000;

  return (
    <form
      className="game-panel plinko-panel"
      data-testid="plinko-panel"
      data-running={running || undefined}
      onSubmit={round.submit}
    >
      <StakeControls round={round} services={services} />
      <ChoiceField
        label={t('games.plinko.rows')}
        testId="plinko-rows"
        value={rows}
        choices={ROW_CHOICES}
        disabled={boardLocked}
        onChange={setRows}
      />
      <ChoiceField
        label={t('games.plinko.risk')}
        testId="plinko-risk"
        value={risk}
        choices={PLINKO_RISKS}
        text={(r) => t(`games.plinko.risk_${r}`)}
        disabled={boardLocked}
        onChange={setRisk}
      />
      {boardLocked ? <p className="muted">{t('games.plinko.locked')}</p> : null}
      <GameStats
        stats={[
          { label: t('games.plinko.top_multiplier'), value: formatMultiplier(top) },
          {
            label: t('games.plinko.in_flight'),
            value: <InFlightCount />,
            testId: 'plinko-in-flight',
          },
        ]}
      />
      {/* Auto-bet as in every game: count, stop on profit or loss, the running result. */}
      <AutoBetFields round={round} />
      <BetButton round={round} betLabel={t('games.plinko.drop')} testId="plinko-bet" />
      <RoundResult testId="plinko-result">
        {last !== null ? t('games.plinko.landed', { multiplier: formatMultiplier(last) }) : ''}
      </RoundResult>
    </form>
  );
}
