import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from '../../games/shared/format/formats';

describe('cached Intl formatters', () => {
  it('makes one formatter per locale and options, and formats as a fresh one would', () => {
    const time = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
    expect(dateTimeFormat('fr', time)).toBe(dateTimeFormat('fr', { ...time }));
    expect(dateTimeFormat('fr', time)).not.toBe(dateTimeFormat('en', time));
    expect(dateTimeFormat('fr', time)).not.toBe(
      dateTimeFormat('fr', { ...time, second: '2-digit' }),
    );
    const at = new Date(Date.UTC(2026, 10, 27, 13, 5));
    expect(dateTimeFormat('pt-BR', time).format(at)).toBe(
      new Intl.DateTimeFormat('pt-BR', time).format(at),
    );
    const percent = { style: 'percent', minimumFractionDigits: 2 } as const;
    expect(numberFormat('es', percent)).toBe(numberFormat('es', percent));
    expect(numberFormat('es', percent).format(0.99)).toBe(
      new Intl.NumberFormat('es', percent).format(0.99),
    );
  });
});
