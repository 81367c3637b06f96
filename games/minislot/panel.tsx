import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatMultiplier, unitsToCents } from '../shared/format/amount';
import { AutoBetFooter } from '../shared/panel/AutoBetFooter';
import { BetPanel } from '../shared/panel/BetPanel';
import { RoundResult } from '../shared/panel/RoundResult';
import type { GamePanelProps } from '../shared/wire/services';
import { useBetRound } from '../shared/round/useBetRound';
import { useSceneActions, useSceneConfig } from '../shared/scene/useSceneChannel';
import { MINISLOT_FRAMES, minislotArtUrl } from './bundle';
import { minislotChannel, type ShownSpin } from './channel';
import game from './game';
import { PAYS, type SlotSymbol } from './rules';
import './panel.css';

/** A win of at least this many times the stake plays the big-win sound. */
const BIG_WIN = 25;

/** Mini slot controls: stake, turbo, Spin (Space) or auto-spin, and the pay table. */
export default function MinislotPanel({ services, onSettled }: GamePanelProps) {
  const { t } = useTranslation();
  const [turbo, setTurbo] = useState(false);
  useSceneConfig(
    minislotChannel,
    useMemo(() => ({ turbo }), [turbo]),
  );
  const round = useBetRound({
    services,
    onSettled,
    bet: (stakeCents) => ({ path: game.paths.bet, body: { amount: stakeCents / 100 } }),
    // The scene plays the spin, reel-stop and win sounds itself.
    sounds: { placed: null, settled: () => null },
    initialAuto: { stopOnWinOverCents: 0 },
    animate: async (answer) => {
      const { bet } = answer;
      const spin: ShownSpin = {
        stops: bet.result.stops as number[],
        line: bet.result.line as SlotSymbol[],
        win: (bet.result.win as string | null) ?? null,
        payoutText: bet.payout > 0 ? formatMoney(bet.payout) : '',
        big: bet.multiplier >= BIG_WIN,
      };
      await minislotChannel.scene?.spin(spin);
      return { payoutCents: unitsToCents(bet.payout) };
    },
  });
  useSceneActions(minislotChannel, { bet: round.trigger });
  const { last } = round;

  return (
    <BetPanel game={game.id} round={round} services={services}>
      <label className="minislot-turbo">
        <input
          type="checkbox"
          name="turbo"
          checked={turbo}
          onChange={(e) => setTurbo(e.target.checked)}
        />
        {t('games.minislot.turbo')}
      </label>
      <AutoBetFooter round={round} betLabel={t('games.minislot.spin')} testId="minislot-bet" />
      <RoundResult testId="minislot-result">
        {last
          ? last.payoutCents > 0
            ? t('games.minislot.won', { amount: formatMoney(last.payoutCents / 100) })
            : t('games.minislot.lost')
          : ''}
      </RoundResult>
      <PayTable />
      <p className="muted game-panel__hint">{t('games.minislot.keys')}</p>
      <p className="muted game-panel__touch-hint">{t('games.minislot.touch')}</p>
    </BetPanel>
  );
}

function SymbolIcon({ symbol }: { symbol: SlotSymbol }) {
  const { t } = useTranslation();
  const index = MINISLOT_FRAMES.indexOf(symbol);
  return (
    <span
      className="minislot-icon"
      role="img"
      aria-label={t(`games.minislot.symbol_${symbol.toLowerCase() as Lowercase<SlotSymbol>}`)}
      style={{
        backgroundImage: `url(${minislotArtUrl})`,
        backgroundSize: `${MINISLOT_FRAMES.length * 100}% 100%`,
        backgroundPosition: `${(index / (MINISLOT_FRAMES.length - 1)) * 100}% 0`,
      }}
    />
  );
}

/** The pay table from the rules' data: three of a kind on the line, then the cherry pays. */
function PayTable() {
  const { t } = useTranslation();
  return (
    <details className="minislot-paytable" data-testid="minislot-paytable">
      <summary>{t('games.minislot.pay_table')}</summary>
      <table>
        <tbody>
          {PAYS.map((pay) => (
            <tr key={pay.win} data-win={pay.win}>
              <td>
                {Array.from({ length: pay.count }, (_, i) => (
                  <SymbolIcon key={i} symbol={pay.symbol} />
                ))}
              </td>
              <td>
                {pay.count === 3
                  ? t('games.minislot.pay_three')
                  : t(pay.count === 2 ? 'games.minislot.pay_two' : 'games.minislot.pay_one')}
              </td>
              <td>{formatMultiplier(pay.pays)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
