import { useState } from 'react';
import type { LiveRules } from '../../fairness/contract';
import { formatDecimal } from '../../fairness/money';
import { parseDecimal } from '../format/amount';

/** The auto cash-out target as the player types it, and the multiplier it sets (null: none). */
export function useAutoCashout(rules: Pick<LiveRules, 'autoCashout'>) {
  const { spec } = rules.autoCashout;
  const [text, setText] = useState(formatDecimal(spec.default, spec.decimals));
  const typed = parseDecimal(text) ?? 0;
  const target = typed >= spec.min ? Math.round(typed * 100) / 100 : null;
  return { text, setText, target };
}

interface Props {
  cashout: Pick<ReturnType<typeof useAutoCashout>, 'text' | 'setText'>;
  label: string;
  testId: string;
  disabled: boolean;
}

/** A live round's auto cash-out field: below the rules' lowest target the player cashes out. */
export function AutoCashoutField({ cashout, label, testId, disabled }: Props) {
  return (
    <label className="game-field">
      <span>{label}</span>
      <input
        className="input"
        inputMode="decimal"
        value={cashout.text}
        disabled={disabled}
        data-testid={testId}
        onChange={(event) => cashout.setText(event.target.value)}
      />
    </label>
  );
}
