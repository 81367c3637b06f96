import { payoutCents } from '../../fairness/index';
import { formatAmount } from '../format/formats';
import { useLayerStore, type LayerStore } from '../scene/layerStore';

interface Props<S extends { hundredths: number }> {
  /** The store the scene writes the multiplier it shows into, in hundredths (100 = 1,00×). */
  store: LayerStore<S>;
  stakeCents: number;
  /** The button's words around the amount ('Cash out 1,43'). */
  label: (amount: string) => string;
}

/**
 * A live round's Cash out label: what the server pays at the multiplier the scene shows now (its
 * rounding: the payout floored to the cent). A component of its own: it re-renders with every
 * hundredth, the panel around it does not.
 */
export function CashOutLabel<S extends { hundredths: number }>({
  store,
  stakeCents,
  label,
}: Props<S>) {
  const hundredths = useLayerStore(store, 'hundredths');
  const cents = payoutCents(stakeCents, Math.max(100, hundredths) * 100);
  return <>{label(formatAmount(cents / 100))}</>;
}
