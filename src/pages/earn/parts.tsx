// Small pieces the earn screens and the ranking share: an amount with the currency logo, a live
// countdown, a progress bar and a labelled figure.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencyIcon } from '../../components/CurrencyIcon';
import { formatBalance } from '../../components/format';
import { countdownParts } from './earnMath';
import './earn.css';

/** An amount as the top bar shows the balance: German format, 2 decimals, the currency logo. */
export function Amount({ value, size = 16 }: { value: number; size?: number }) {
  return (
    <span className="amount">
      <span className="amount__value">{formatBalance(value)}</span>
      <CurrencyIcon size={size} />
    </span>
  );
}

/** Time left until `until` ('2 days 03:04:05'), re-rendered by the caller's clock. */
export function Countdown({ until, now }: { until: string; now: number }) {
  const { t } = useTranslation();
  const { days, clock } = countdownParts(Date.parse(until) - now);
  return (
    <time className="countdown" dateTime={until}>
      {days > 0 ? t('earn.countdown_days', { count: days, clock }) : clock}
    </time>
  );
}

/** A labelled figure of a summary row. */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="figure">
      <dt className="figure__label">{label}</dt>
      <dd className="figure__value">{children}</dd>
    </div>
  );
}

/** A term's progress as a bar (0 .. 1), announced as a percentage. */
export function TermBar({ value, label }: { value: number; label: string }) {
  const percent = Math.round(value * 100);
  return (
    <div
      className="term-bar"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="term-bar__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
