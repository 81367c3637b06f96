import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gameApi } from '../shared/api';
import { formatMoney, unitsToCents } from '../shared/amount';
import { AutoBetFooter } from '../shared/AutoBetFooter';
import type { AutoBetSettings } from '../shared/autoBet';
import { BetAmountInput } from '../shared/BetAmountInput';
import { ModeTabs, type PanelMode } from '../shared/ModeTabs';
import type { GamePanelProps } from '../shared/services';
import { settleWithAnimation } from '../shared/settle';
import { playGameSound } from '../shared/sounds';
import { useAutoBet } from '../shared/useAutoBet';
import { useGameKeys } from '../shared/useGameKeys';
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

type OutsideType = Exclude<RouletteBetType, InsideMode>;
const EVEN_CHANCES: OutsideType[] = ['low', 'even', 'red', 'black', 'odd', 'high'];
const ROWS = Array.from({ length: 12 }, (_, r) => [r * 3 + 1, r * 3 + 2, r * 3 + 3]);

/** Roulette controls: chip value, the betting table (every bet type), spin; manual or auto. */
export default function RoulettePanel({ services, onSettled }: GamePanelProps) {
  const { t } = useTranslation();
  const api = useMemo(() => gameApi(services.request), [services.request]);
  const [chipCents, setChipCents] = useState(100);
  const [insideMode, setInsideMode] = useState<InsideMode>('straight');
  const [pending, setPending] = useState<number | null>(null);
  const [bets, setBets] = useState<TableBet[]>([]);
  const [mode, setMode] = useState<PanelMode>('manual');
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<{ pocket: number; payout: number } | null>(null);
  const [auto, setAuto] = useState<AutoBetSettings>({
    count: 10,
    stopOnProfitCents: 0,
    stopOnLossCents: 0,
  });

  const place = (bet: { type: RouletteBetType; selection: number[] }) => {
    setBets((list) => addChip(list, bet, chipCents));
    playGameSound('tick');
  };
  const onNumber = (n: number) => {
    const click = clickNumber(insideMode, n, pending);
    setPending(click.pending);
    if (click.bet) place(click.bet);
  };

  const round = useCallback(async () => {
    if (!services.isAuthenticated) {
      services.requireLogin();
      return null;
    }
    if (bets.length === 0) return null;
    setBusy(true);
    try {
      const answer = await api.rouletteSpin(toWire(bets));
      playGameSound('bet');
      const pocket = Number(answer.bet.result.pocket);
      let landed = pocket;
      await settleWithAnimation(services, answer, async () => {
        if (rouletteChannel.scene) landed = await rouletteChannel.scene.spin(pocket);
      });
      playGameSound(answer.bet.payout > 0 ? 'win' : 'lose');
      setLast({ pocket: landed, payout: answer.bet.payout });
      onSettled?.(answer.bet);
      return {
        stakeCents: unitsToCents(answer.bet.amount),
        payoutCents: unitsToCents(answer.bet.payout),
      };
    } catch {
      return null; // the shell's client showed the error dialog
    } finally {
      setBusy(false);
    }
  }, [api, services, bets, onSettled]);

  const autoBet = useAutoBet(round, auto);
  const locked = busy || autoBet.running;
  const spin = () => {
    if (locked || bets.length === 0) return;
    if (mode === 'auto') void autoBet.start();
    else void round();
  };
  useGameKeys({ Space: spin });

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
      <ModeTabs mode={mode} onChange={setMode} disabled={autoBet.running} />
      <BetAmountInput
        label={t('game.roulette.chip')}
        cents={chipCents}
        onChange={setChipCents}
        balanceCents={() => unitsToCents(services.balance())}
        disabled={locked}
      />
      <div className="game-field">
        <label htmlFor="roulette-bet-type">{t('game.roulette.bet_type')}</label>
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
              {t(`game.roulette.type_${m}`)}
            </option>
          ))}
        </select>
      </div>
      {pending !== null ? <p className="muted">{t('game.roulette.pick_neighbour')}</p> : null}
      <div className="roulette-table" role="group" aria-label={t('game.roulette.table')}>
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
            {t('game.roulette.type_column')} {c}
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
            {t(`game.roulette.type_${type}`)}
          </button>
        ))}
      </div>
      <div>
        <h3 className="muted">{t('game.roulette.placed')}</h3>
        {bets.length === 0 ? (
          <p className="muted">{t('game.roulette.empty')}</p>
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
          {t('game.roulette.total')}:{' '}
          <strong data-testid="roulette-total">{formatMoney(totalCents(bets) / 100)}</strong>
        </p>
        <div className="mode-tabs">
          <button
            type="button"
            className="btn btn--secondary"
            disabled={locked || bets.length === 0}
            onClick={() => setBets((l) => l.slice(0, -1))}
          >
            {t('game.roulette.undo')}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={locked || bets.length === 0}
            onClick={() => setBets([])}
          >
            {t('game.roulette.clear')}
          </button>
        </div>
      </div>
      <AutoBetFooter
        mode={mode}
        settings={auto}
        onChange={setAuto}
        autoBet={autoBet}
        busy={busy}
        disabled={bets.length === 0}
        betLabel={t('game.roulette.spin')}
        testId="roulette-spin"
        onBet={spin}
      />
      <p className="game-panel__result" aria-live="polite" data-testid="roulette-result">
        {last
          ? t('game.roulette.landed', { pocket: last.pocket, payout: formatMoney(last.payout) })
          : ''}
      </p>
      <p className="muted game-panel__hint">{t('game.roulette.keys')}</p>
    </div>
  );
}
