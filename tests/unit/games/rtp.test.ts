// Each game's theoretical RTP as its rules state it (rules.rtp, what the operator console holds
// the game to) against its README and, where the space is small, against the rules' own outcomes.
import { describe, expect, it } from 'vitest';
import { GAME_RULES } from '../../../games/shared/registry/gameRules';
import { rules as asteroids } from '../../../games/asteroids/rules';
import { rules as minislot, spin } from '../../../games/minislot/rules';
import { PLINKO, PLINKO_RISKS, rules as plinko } from '../../../games/plinko/rules';
import { rules as roulette } from '../../../games/roulette/rules';

describe('theoretical RTP in the rules', () => {
  it('every registered game states one between 90% and 100%', () => {
    expect(GAME_RULES.size).toBeGreaterThanOrEqual(8);
    for (const rules of GAME_RULES.values()) {
      if (rules.rtpFields?.length) continue; // depends on its parameters: checked below
      const rtp = rules.rtp({});
      expect(rtp, rules.id).toBeGreaterThan(0.9);
      expect(rtp, rules.id).toBeLessThan(1);
    }
  });

  it('plinko: every table returns between 98.9% and 99.2% on a fair path (its README)', () => {
    expect(plinko.rtpFields).toEqual(['rows', 'risk']);
    for (let rows = PLINKO.minRows; rows <= PLINKO.maxRows; rows++) {
      for (const risk of PLINKO_RISKS) {
        const rtp = plinko.rtp({ rows, risk });
        expect(rtp, `${rows} ${risk}`).toBeGreaterThanOrEqual(0.989);
        expect(rtp, `${rows} ${risk}`).toBeLessThanOrEqual(0.992);
      }
    }
  });

  it('mini slot: all 32,768 stops enumerated give the stated RTP', () => {
    const stops = 32;
    let paid = 0;
    for (let a = 0; a < stops; a++)
      for (let b = 0; b < stops; b++)
        for (let c = 0; c < stops; c++) {
          const f = (stop: number) => (stop + 0.5) / stops;
          paid += spin([f(a), f(b), f(c)]).multiplierE4 / 10_000;
        }
    expect(minislot.rtp({})).toBeCloseTo(paid / stops ** 3, 12);
  });

  it('roulette is 36/37 and asteroids 96.0% exactly', () => {
    expect(roulette.rtp({})).toBe(36 / 37);
    expect(asteroids.rtp({})).toBeCloseTo(0.96, 12);
  });
});
