import { CurrencyIcon } from '../../components/CurrencyIcon';
import { formatBalance } from '../../components/format';

/** An amount with the currency glyph; `signed`: green with + when in, red with − when out. */
export function Money({ value, signed = false }: { value: number; signed?: boolean }) {
  const tone = !signed || value === 0 ? '' : value > 0 ? ' money--in' : ' money--out';
  const sign = signed && value > 0 ? '+' : value < 0 ? '−' : '';
  return (
    <span className={`money${tone}`}>
      {sign}
      {formatBalance(Math.abs(value))}
      <CurrencyIcon size={14} />
    </span>
  );
}
