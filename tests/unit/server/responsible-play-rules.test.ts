// The responsible-play rules (server/modules/responsible-play/rules.ts): when a limit change takes
// effect, when a refused stake fits again, and how long a self-exclusion runs.
import { describe, expect, it } from 'vitest';
import {
  changeSlot,
  exclusionEnd,
  freesAt,
  NO_LIMIT,
  RAISE_DELAY_MS,
  slotAt,
  type LimitSlot,
} from '../../../server/modules/responsible-play/rules';

const now = new Date('2026-03-01T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const limit = (amountCents: number | null): LimitSlot => ({ amountCents, pending: null });

describe('changeSlot', () => {
  it('applies a first limit and a lower one at once', () => {
    expect(changeSlot(NO_LIMIT, 500, now)).toEqual(limit(500));
    expect(changeSlot(limit(500), 300, now)).toEqual(limit(300));
  });

  it('makes a raise and a removal wait 24 hours, keeping the limit in force meanwhile', () => {
    const raised = changeSlot(limit(500), 1000, now);
    expect(raised).toEqual({
      amountCents: 500,
      pending: { amountCents: 1000, from: later(RAISE_DELAY_MS) },
    });
    expect(changeSlot(limit(500), null, now).pending).toEqual({
      amountCents: null,
      from: later(RAISE_DELAY_MS),
    });
    // Asking again for the same raise keeps its time; another raise starts the wait again.
    expect(changeSlot(raised, 1000, later(3_600_000))).toBe(raised);
    expect(changeSlot(raised, 2000, later(3_600_000)).pending!.from).toEqual(
      later(3_600_000 + RAISE_DELAY_MS),
    );
  });

  it('cancels a pending change when the player asks for the limit in force, or a lower one', () => {
    const raised = changeSlot(limit(500), 1000, now);
    expect(changeSlot(raised, 500, now)).toEqual(limit(500));
    expect(changeSlot(raised, 400, now)).toEqual(limit(400));
  });

  it('puts a pending change in force once its time has come', () => {
    const raised = changeSlot(limit(500), null, now);
    expect(slotAt(raised, later(RAISE_DELAY_MS - 1))).toBe(raised);
    expect(slotAt(raised, later(RAISE_DELAY_MS))).toEqual(NO_LIMIT);
  });
});

describe('freesAt', () => {
  const day = 24 * 3_600_000;
  const lines = [
    { at: later(0), cents: 200 },
    { at: later(1000), cents: -150 },
    { at: later(2000), cents: 300 },
  ];

  it('is when enough of the window has left it for the stake to fit', () => {
    // Used 350 of 500: a stake of 200 fits once the first line (200) leaves.
    expect(freesAt(lines, 350, 200, 500, day)).toEqual(later(day));
    // A stake of 450 needs the first three lines gone (a payout leaving raises the loss).
    expect(freesAt(lines, 350, 450, 500, day)).toEqual(later(2000 + day));
  });

  it('is null for a stake above the limit itself', () => {
    expect(freesAt(lines, 350, 600, 500, day)).toBeNull();
  });
});

describe('exclusionEnd', () => {
  it('counts calendar months, or never ends', () => {
    expect(exclusionEnd(now, 6)).toEqual(new Date('2026-09-01T12:00:00Z'));
    expect(exclusionEnd(now, 60)).toEqual(new Date('2031-03-01T12:00:00Z'));
    expect(exclusionEnd(now, 'permanent')).toBeNull();
  });
});
