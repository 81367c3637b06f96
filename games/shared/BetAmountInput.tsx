import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './panel.css';
import { adjustBetCents, formatAmountInput, parseAmountCents } from './amount';

interface Props {
  cents: number;
  onChange: (cents: number) => void;
  /** Read when a button is pressed, so max uses the balance of that moment. */
  balanceCents: () => number;
  disabled?: boolean;
  label?: string;
}

/** The stake: a text field (2 decimals) with the 1/2, 2x and max buttons. */
export function BetAmountInput({ cents, onChange, balanceCents, disabled, label }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(formatAmountInput(cents));
  useEffect(() => {
    setText((current) =>
      parseAmountCents(current) === cents ? current : formatAmountInput(cents),
    );
  }, [cents]);
  const parsed = parseAmountCents(text);
  const adjust = (action: 'half' | 'double' | 'max') =>
    onChange(adjustBetCents(action, cents, balanceCents()));
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
          aria-invalid={parsed === null || parsed <= 0 || undefined}
          onChange={(event) => {
            setText(event.target.value);
            const next = parseAmountCents(event.target.value);
            if (next !== null) onChange(next);
          }}
          onBlur={() => setText(formatAmountInput(cents))}
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
    </div>
  );
}
