import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './panel.css';
import {
  BET_LIMITS,
  adjustBetCents,
  formatAmountInput,
  formatMoney,
  parseAmountCents,
  stakeIssue,
  unitsToCents,
  type StakeIssue,
  type StakeLimits,
} from '../format/amount';

interface Props {
  cents: number;
  onChange: (cents: number) => void;
  /** The top bar's balance (currency units): max uses it, and the typed stake is checked on it. */
  balance: () => number;
  /** Check the stake against the balance (a signed-in player; a guest has no balance yet). */
  checkBalance?: boolean;
  /** The game's stake limits (default: every game's 0.01 .. 10,000.00). */
  limits?: StakeLimits;
  /** Told whenever the typed stake becomes betable (null) or not: the round refuses to bet. */
  onIssue?: (issue: StakeIssue | null) => void;
  disabled?: boolean;
  label?: string;
  /**
   * Why what the stake makes up cannot be bet (a table's chip total over the balance), shown in
   * the same place when the typed stake itself is fine. The panel keeps its round from betting.
   */
  outerIssue?: string | null;
}

function useIssueText(issue: StakeIssue | null): string | null {
  const { t } = useTranslation();
  if (!issue) return null;
  switch (issue.key) {
    case 'format':
      return t('game.stake_format');
    case 'min':
      return t('game.stake_min', { limit: formatMoney(issue.limitCents / 100) });
    case 'max':
      return t('game.stake_max', { limit: formatMoney(issue.limitCents / 100) });
    case 'balance':
      return t('game.stake_balance', { balance: formatMoney(issue.balanceCents / 100) });
  }
}

/**
 * The stake: a text field (2 decimals) with the 1/2, 2x and max buttons. What is typed is checked
 * at once against the game's limits and the balance, with the reason under the field.
 */
export function BetAmountInput({
  cents,
  onChange,
  balance,
  checkBalance = false,
  limits = BET_LIMITS,
  onIssue,
  disabled,
  label,
  outerIssue,
}: Props) {
  const { t } = useTranslation();
  const id = useId();
  const issueId = `${id}-issue`;
  const [text, setText] = useState(formatAmountInput(cents));
  useEffect(() => {
    setText((current) =>
      parseAmountCents(current) === cents ? current : formatAmountInput(cents),
    );
  }, [cents]);
  const issue = stakeIssue(text, limits, checkBalance ? unitsToCents(balance()) : null);
  const issueText = useIssueText(issue) ?? outerIssue ?? null;
  const issueKey = issue ? JSON.stringify(issue) : null;
  useEffect(() => {
    onIssue?.(issueKey ? (JSON.parse(issueKey) as StakeIssue) : null);
  }, [issueKey, onIssue]);
  const adjust = (action: 'half' | 'double' | 'max') =>
    onChange(adjustBetCents(action, cents, unitsToCents(balance())));
  return (
    <div className="game-field bet-amount">
      <label htmlFor={id}>{label ?? t('game.amount')}</label>
      <div className="bet-amount__row">
        <input
          id={id}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          disabled={disabled}
          aria-invalid={issue !== null || undefined}
          aria-describedby={issueText ? issueId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            const next = parseAmountCents(event.target.value);
            if (next !== null) onChange(next);
          }}
          // A stake that cannot be bet stays as typed, with its reason, until it is fixed.
          onBlur={() => {
            if (!issue) setText(formatAmountInput(cents));
          }}
        />
        <button
          type="button"
          className="btn btn--secondary"
          disabled={disabled}
          onClick={() => adjust('half')}
          aria-label={`½ ${t('game.half_label')}`}
        >
          ½
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={disabled}
          onClick={() => adjust('double')}
          aria-label={`2× ${t('game.double_label')}`}
        >
          2×
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={disabled}
          onClick={() => adjust('max')}
        >
          {t('game.max')}
        </button>
      </div>
      <p id={issueId} className="bet-amount__issue" role="status" data-testid="stake-issue">
        {issueText}
      </p>
    </div>
  );
}
