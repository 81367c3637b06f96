import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unitsToCents } from '../shared/amount';
import { newIdempotencyKey } from '../shared/api';
import { BetAmountInput } from '../shared/BetAmountInput';
import { ModeTabs, type PanelMode } from '../shared/ModeTabs';
import type { BetAnswer, GamePanelProps } from '../shared/services';
import { playGameSound } from '../shared/sounds';
import { balanceTracker } from './balanceTracker';
import { plinkoChannel } from './channel';
import { PLINKO, PLINKO_RISKS, plinkoMultipliersE4, type PlinkoRisk } from './rules';

/** Auto-bet drops at most this many balls a second. */
const AUTO_BALLS_PER_SECOND = 10;
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
  const [amountCents, setAmountCents] = useState(100);
  const [rows, setRows] = useState<number>(PLINKO.maxRows);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [mode, setMode] = useState<PanelMode>('manual');
  const [count, setCount] = useState(20);
  const [inFlight, setInFlight] = useState(0);
  const [running, setRunning] = useState(false);
  const [dropped, setDropped] = useState(0);
  const [last, setLast] = useState<number | null>(null);
  const tracker = useMemo(() => balanceTracker(), []);
  const cancel = useRef(false);
  const board = useRef({ rows, risk });

  useEffect(() => plinkoChannel.listen({ inFlight: setInFlight }), []);
  useEffect(() => {
    board.current = { rows, risk };
    plinkoChannel.scene?.setBoard(rows, risk);
  }, [rows, risk]);
  useEffect(() => {
    void plinkoChannel
      .whenShown()
      .then((scene) => scene.setBoard(board.current.rows, board.current.risk));
    return () => void (cancel.current = true);
  }, []);

  /** One bet: the stake leaves the bar now; resolves once the answer came (not the landing). */
  const dropBall = useCallback(async (): Promise<boolean> => {
    if (!services.isAuthenticated) {
      services.requireLogin();
      return false;
    }
    let answer: BetAnswer;
    try {
      answer = await services.request<BetAnswer>(
        'POST',
        '/api/games/plinko/bets',
        { amount: amountCents / 100, rows: board.current.rows, risk: board.current.risk },
        { idempotencyKey: newIdempotencyKey() },
      );
    } catch {
      return false; // the shell's client showed the error dialog
    }
    const payoutCents = unitsToCents(answer.bet.payout);
    services.setBalance(
      tracker.betPlaced(answer.bet.id, unitsToCents(answer.balance), payoutCents) / 100,
    );
    playGameSound('bet');
    setDropped((n) => n + 1);
    const path = String(answer.bet.result.path);
    const bucket = Number(answer.bet.result.bucket);
    const scene = plinkoChannel.scene ?? (await plinkoChannel.whenShown());
    void scene.drop(path, bucket).then(() => {
      services.setBalance(tracker.ballLanded(payoutCents) / 100);
      setLast(answer.bet.multiplier);
      onSettled?.(answer.bet);
    });
    return true;
  }, [services, amountCents, tracker, onSettled]);

  const startAuto = useCallback(async () => {
    cancel.current = false;
    setRunning(true);
    setDropped(0);
    try {
      for (let i = 0; (count === 0 || i < count) && !cancel.current; i++) {
        const started = performance.now();
        if (!(await dropBall())) break;
        const wait = 1000 / AUTO_BALLS_PER_SECOND - (performance.now() - started);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    } finally {
      setRunning(false);
    }
  }, [count, dropBall]);

  const boardLocked = inFlight > 0 || running;
  const multipliers = plinkoMultipliersE4(rows, risk);
  const top = Math.max(...multipliers) / 10_000;

  return (
    <form
      className="game-panel plinko-panel"
      data-testid="plinko-panel"
      data-in-flight={inFlight}
      data-running={running || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        if (mode === 'auto') {
          if (!running) void startAuto();
        } else void dropBall();
      }}
    >
      <ModeTabs mode={mode} onChange={setMode} disabled={running} />
      <BetAmountInput
        cents={amountCents}
        onChange={setAmountCents}
        balanceCents={() => unitsToCents(services.balance())}
        disabled={running}
      />
      <div className="game-field">
        <label htmlFor={ids.rows}>{t('plinko.rows')}</label>
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
        <label htmlFor={ids.risk}>{t('plinko.risk')}</label>
        <select
          id={ids.risk}
          data-testid="plinko-risk"
          value={risk}
          disabled={boardLocked}
          onChange={(e) => setRisk(e.target.value as PlinkoRisk)}
        >
          {PLINKO_RISKS.map((r) => (
            <option key={r} value={r}>
              {t(`plinko.risk_${r}`)}
            </option>
          ))}
        </select>
      </div>
      {boardLocked ? <p className="muted">{t('plinko.locked')}</p> : null}
      <dl className="game-stats">
        <div>
          <dt>{t('plinko.top_multiplier')}</dt>
          <dd>{top}x</dd>
        </div>
        <div>
          <dt>{t('plinko.in_flight')}</dt>
          <dd data-testid="plinko-in-flight">{inFlight}</dd>
        </div>
      </dl>
      {mode === 'auto' ? (
        <div className="game-field">
          <label htmlFor={ids.count}>{t('plinko.auto_count')}</label>
          <input
            id={ids.count}
            data-testid="plinko-count"
            type="number"
            min={0}
            max={1000}
            step={1}
            value={count}
            disabled={running}
            onChange={(e) => {
              const value = Number(e.target.value);
              if (Number.isInteger(value) && value >= 0 && value <= 1000) setCount(value);
            }}
          />
          {running || dropped ? (
            <p className="muted" data-testid="plinko-dropped">
              {t('plinko.dropped', { count: dropped })}
            </p>
          ) : null}
        </div>
      ) : null}
      {running ? (
        <button
          type="button"
          className="btn btn--danger btn--block btn--large"
          onClick={() => (cancel.current = true)}
        >
          {t('game.stop_auto')}
        </button>
      ) : (
        <button
          type="submit"
          className="btn btn--primary btn--block btn--large"
          data-testid="plinko-bet"
        >
          {mode === 'auto' ? t('game.start_auto') : t('plinko.drop')}
        </button>
      )}
      <p className="game-panel__result" aria-live="polite" data-testid="plinko-result">
        {last !== null ? t('plinko.landed', { multiplier: `${last}x` }) : ''}
      </p>
    </form>
  );
}
