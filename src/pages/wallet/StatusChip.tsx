import type { StatusTone } from './chainFormat';

/** A transfer's status as a small coloured label. */
export function StatusChip({ tone, text }: { tone: StatusTone; text: string }) {
  return <span className={`wallet-status wallet-status--${tone}`}>{text}</span>;
}
