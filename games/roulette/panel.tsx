import { useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './panel.css';
import { formatMoney, unitsToCents } from '../shared/format/amount';
import { AutoBetFooter } from '../shared/panel/AutoBetFooter';
import { BetPanel } from '../shared/panel/BetPanel';
import { RoundResult } from '../shared/panel/RoundResult';
import type { GamePanelProps } from '../shared/wire/services';
import { playGameSound } from '../shared/scene/sounds';
import { useBetRound } from '../shared/round/useBetRound';
import { useSceneActions, useSceneConfig, useSceneEvents } from '../shared/scene/useSceneChannel';
import { rouletteChannel, type RouletteSceneConfig } from './channel';
import {
  changeTable,
  chipsOn,
  tableIssue,
  toWire,
  totalCents,
  type TableIssue,
  type TableState,
} from './selection';
import { spotKey, type TableSpot } from './table';
import game from './game';

/**
 * t() over plain string keys, as the bet history takes it: the typed t() in these helpers was
 * too deep for the compiler once the catalogue grew (three scaffolded games tipped it over).
 */
type Translate = (key: string, values?: Record<string, unknown>) => string;

/** A spot as the player reads it: 'Split 1-2', 'Dozen 13–24', 'Red'. */
function spotLabel(t: Translate, spot: TableSpot): string {
  const name = t(`games.roulette.type_${spot.type}`);
  const [a = 0] = spot.selection;
  switch (spot.type) {
    case 'dozen':
      return `${name} ${12 * a - 11}–${12 * a}`;
    case 'street':
      return `${name} ${a}–${a + 2}`;
    case 'six_line':
      return `${name} ${a}–${a + 5}`;
    default:
      return spot.selection.length ? `${name} ${spot.selection.join('-')}` : name;
  }
}

function issueText(t: Translate, issue: TableIssue | null): string | null {
  if (!issue) return null;
  switch (issue.key) {
    case 'count':
      return t('games.roulette.too_many', { limit: issue.limit });
    case 'limit':
      return t('games.roulette.over_limit', {
        total: formatMoney(issue.totalCents / 100),
        limit: formatMoney(issue.limitCents / 100),
      });
    case 'balance':
      return t('games.roulette.over_balance', {
        total: formatMoney(issue.totalCents / 100),
        balance: formatMoney(issue.balanceCents / 100),
      });
  }
}

const EMPTY: TableState = { bets: [], history: [] };

/**
 * Roulette controls: the chip value, the chips on the table (placed, moved and taken back on the
 * scene's table by touch, mouse or keyboard), undo, clear and spin; manual or auto.
 */
export default function RoulettePanel({ services, onSettled }: GamePanelProps) {
  const { t } = useTranslation();
  const [table, change] = useReducer(changeTable, EMPTY);
  const [cursor, setCursor] = useState<TableSpot | null>(null);
  const { bets } = table;
  // Checked on every render: a chip placed and the balance moving both show at once.
  const balanceCents = services.isAuthenticated ? unitsToCents(services.balance()) : null;
  const issue = tableIssue(bets, balanceCents);

  const round = useBetRound({
    services,
    onSettled,
    ready: bets.length > 0 && issue === null,
    bet: () => ({ path: game.paths.bet, body: { bets: toWire(bets) } }),
    animate: async (answer) => {
      const pocket = Number(answer.bet.result.pocket);
      const landed = rouletteChannel.scene ? await rouletteChannel.scene.spin(pocket) : pocket;
      return { pocket: landed, payout: answer.bet.payout };
    },
  });
  const { locked, last } = round;
  useSceneActions(rouletteChannel, { bet: round.trigger });
  const chipCents = round.stakeIssue ? 0 : round.stakeCents;
  useSceneEvents(rouletteChannel, {
    place: (spot) => {
      if (locked || chipCents <= 0) return;
      change({ kind: 'place', spot, cents: chipCents });
      playGameSound('tick');
    },
    move: (from, to) => {
      if (!locked) change({ kind: 'move', from, to });
    },
    remove: (spot) => {
      if (!locked) change({ kind: 'remove', spot });
    },
    cursor: setCursor,
  });
  const labels = useMemo(
    () => ({
      dozens: [
        t('games.roulette.felt_dozen_1'),
        t('games.roulette.felt_dozen_2'),
        t('games.roulette.felt_dozen_3'),
      ] as const,
      low: '1–18',
      high: '19–36',
      even: t('games.roulette.felt_even'),
      odd: t('games.roulette.felt_odd'),
      total: t('games.roulette.felt_total'),
      chip: t('games.roulette.felt_chip'),
    }),
    [t],
  );
  const over = issue !== null;
  const config = useMemo<RouletteSceneConfig>(
    () => ({ bets, chipCents, locked, over, labels }),
    [bets, chipCents, locked, over, labels],
  );
  useSceneConfig(rouletteChannel, config);
  const cursorCents = cursor ? chipsOn(bets, cursor) : 0;

  return (
    <BetPanel
      game={game.id}
      round={round}
      services={services}
      data-settled-pocket={last?.pocket}
      label={t('games.roulette.chip')}
      outerIssue={issueText(t as unknown as Translate, issue)}
    >
      <p className="muted">{t('games.roulette.how')}</p>
      <div className="roulette-total">
        <p>
          {t('games.roulette.total')}:{' '}
          <strong data-testid="roulette-total">{formatMoney(totalCents(bets) / 100)}</strong>
        </p>
        <button
          type="button"
          className="btn btn--secondary"
          data-testid="roulette-undo"
          disabled={locked || table.history.length === 0}
          onClick={() => change({ kind: 'undo' })}
        >
          {t('games.roulette.undo')}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          data-testid="roulette-clear"
          disabled={locked || bets.length === 0}
          onClick={() => change({ kind: 'clear' })}
        >
          {t('games.roulette.clear')}
        </button>
      </div>
      <div>
        <h2 className="muted roulette-placed">{t('games.roulette.placed')}</h2>
        {bets.length === 0 ? (
          <p className="muted">{t('games.roulette.empty')}</p>
        ) : (
          <ul className="roulette-bets" data-testid="roulette-bets">
            {bets.map((b) => (
              <li key={spotKey(b)} data-spot={spotKey(b)} data-type={b.type}>
                {spotLabel(t as unknown as Translate, b)} · {formatMoney(b.amountCents / 100)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <AutoBetFooter
        round={round}
        disabled={bets.length === 0 || over}
        betLabel={t('games.roulette.spin')}
        testId="roulette-spin"
      />
      <RoundResult testId="roulette-result">
        {last
          ? t('games.roulette.landed', { pocket: last.pocket, payout: formatMoney(last.payout) })
          : ''}
      </RoundResult>
      <p className="muted game-panel__hint" aria-live="polite" data-testid="roulette-keys">
        {cursor
          ? t('games.roulette.cursor', {
              spot: spotLabel(t as unknown as Translate, cursor),
              amount: formatMoney(cursorCents / 100),
            })
          : t('games.roulette.keys')}
      </p>
    </BetPanel>
  );
}
