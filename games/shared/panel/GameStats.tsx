import type { ReactNode } from 'react';

export interface GameStat {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** A panel's figures (multiplier, chance, payout) as a list of terms and values. */
export function GameStats({ stats }: { stats: readonly GameStat[] }) {
  return (
    <dl className="game-stats">
      {stats.map((stat) => (
        <div key={stat.label}>
          <dt>{stat.label}</dt>
          <dd data-testid={stat.testId}>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
