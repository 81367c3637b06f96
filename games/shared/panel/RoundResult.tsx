import type { ReactNode } from 'react';

/** What the last round did (empty before the first), read out by screen readers as it changes. */
export function RoundResult({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p className="game-panel__result" aria-live="polite" data-testid={testId}>
      {children}
    </p>
  );
}
