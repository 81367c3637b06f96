// Small pieces of the giveaways screen: an amount with the currency logo, a countdown, and a
// clock that ticks every second.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencyIcon } from '../../components/CurrencyIcon';
import { formatBalance } from '../../components/format';

/** An amount as the top bar shows the balance: German format, 2 decimals, the currency logo. */
export function Money({ value, size = 16 }: { value: number; size?: number }) {
  return (
    <span className="gw-money">
      <span>{formatBalance(value)}</span>
      <CurrencyIcon size={size} />
    </span>
  );
}

/** Date.now(), re-read every `everyMs`. */
export function useClock(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Time left until `until`: '2 days 03:04:05', or '03:04:05' within a day. */
export function Countdown({ until, now }: { until: string; now: number }) {
  const { t } = useTranslation();
  const total = Math.max(0, Math.ceil((Date.parse(until) - now) / 1000));
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  return (
    <time className="gw-countdown" dateTime={until}>
      {days > 0 ? t('giveaways.days', { count: days, clock }) : clock}
    </time>
  );
}
