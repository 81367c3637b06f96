import { useId, type ReactNode } from 'react';

interface Props {
  label: ReactNode;
  /** The control, given the id its label points at. */
  children: (id: string) => ReactNode;
}

/** One labelled control of a panel (a select, a number, a slider). */
export function GameField({ label, children }: Props) {
  const id = useId();
  return (
    <div className="game-field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}
