import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BetButton } from '../shared/AutoBetFooter';
import type { GamePanelProps } from '../shared/services';
import { StakeControls } from '../shared/StakeControls';
import { useBetRound } from '../shared/useBetRound';
import { useSceneConfig, useSceneEvents } from '../shared/useSceneChannel';
import { plinkoChannel } from './channel';
import { PLINKO, PLINKO_RISKS, plinkoMultipliersE4, type PlinkoRisk } from './rules';
import game from './game';

const ROW_CHOICES = Array.from(
  { length: PLINKO.maxRows - PLINKO.minRows + 1 },
  (_, i) => PLINKO.minRows + i,
);

/**
 * Plinko controls: stake, rows and risk (locked while balls are in flight), one ball or an
 * auto-bet of N balls at up to 10 a second, many in flight at once. The top bar loses each
 * stake at once and gains each payout when its ball lands.
 */
export default function PlinkoPanel({ services, onSettled }: GamePanelProps) {
  const { t } = useTranslation();
  const ids = { rows: useId(), risk: useId(), count: useId() };
  const [rows, setRows] = useState<number>(PLINKO.maxRows);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [inFlight, setInFlight] = useState(0);

  useSceneEvents(plinkoChannel, { inFlight: setInFlight });
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
    animate: async (answer) => {
      const scene = plinkoChannel.scene ?? (await plinkoChannel.whenShown());
      await scene.drop(String(answer.bet.result.path), Number(answer.bet.result.bucket));
      return answer.bet.multiplier;
    },
    // The scene sounds each landing.
    sounds: { settled: () => null },
    initialAuto: { count: 20 },
    autoBetsPerSecond: 10,
  });
  const { mode, autoBet, last } = round;
  const running = autoBet.running;
  const dropped = autoBet.progress.played;

  const boardLocked = inFlight > 0 || running;
  const multipliers = plinkoMultipliersE4(rows, risk);
  const top = Math.max(...multipliers) / 10_000;

  return (
    <form
      className="game-panel plinko-panel"
      data-testid="plinko-panel"
      data-in-flight={inFlight}
      data-running={running || undefined}
      onSubmit={round.submit}
    >
      <StakeControls round={round} services={services} />
      <div className="game-field">
        <label htmlFor={ids.rows}>{t('games.plinko.rows')}</label>
        <select
          id={ids.rows}
          data-testid="plinko-rows"
          value={rows}
          disabled={boardLocked}
          onChange={(e) => setRows(Number(e.target.value))}
        >
          {ROW_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div className="game-field">
        <label htmlFor={ids.risk}>{t('games.plinko.risk')}</label>
        <select
          id={ids.risk}
          data-testid="plinko-risk"
          value={risk}
          disabled={boardLocked}
          onChange={(e) => setRisk(e.target.value as PlinkoRisk)}
        >
          {PLINKO_RISKS.map((r) => (
            <option key={r} value={r}>
              {t(`games.plinko.risk_${r}`)}
            </option>
          ))}
        </select>
      </div>
      {boardLocked ? <p className="muted">{t('games.plinko.locked')}</p> : null}
      <dl className="game-stats">
        <div>
          <dt>{t('games.plinko.top_multiplier')}</dt>
          <dd>{top}x</dd>
        </div>
        <div>
          <dt>{t('games.plinko.in_flight')}</dt>
          <dd data-testid="plinko-in-flight">{inFlight}</dd>
        </div>
      </dl>
      {mode === 'auto' ? (
        <div className="game-field">
          <label htmlFor={ids.count}>{t('games.plinko.auto_count')}</label>
          <input
            id={ids.count}
            data-testid="plinko-count"
            type="number"
            min={0}
            max={1000}
            step={1}
            value={round.auto.count}
            disabled={running}
            onChange={(e) => {
              const value = Number(e.target.value);
              if (Number.isInteger(value) && value >= 0 && value <= 1000)
                round.setAuto({ ...round.auto, count: value });
            }}
          />
          {running || dropped ? (
            <p className="muted" data-testid="plinko-dropped">
              {t('games.plinko.dropped', { count: dropped })}
            </p>
          ) : null}
        </div>
      ) : null}
      <BetButton round={round} betLabel={t('games.plinko.drop')} testId="plinko-bet" />
      <p className="game-panel__result" aria-live="polite" data-testid="plinko-result">
        {last !== null ? t('games.plinko.landed', { multiplier: `${last}x` }) : ''}
      </p>
    </form>
  );
}
