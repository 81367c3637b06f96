// How `npm run screenshots` plays each game to its three moments (tests/screenshots/moments.ts):
// the panel it sets, the floats of the round it rigs for the middle of a round and for a big win,
// and how it plays that round on the page. A win is rigged the honest way (rigNextFloats): the
// server settles it with its rules and ledger.
import type { Page } from 'playwright-core';
import { rules as asteroids, asteroidsTier } from '../../games/asteroids/rules';
import { rules as dice } from '../../games/dice/rules';
import { shaftRocks } from '../../games/gemMiner/rules';
import { crashPointHundredths, msToReachHundredths } from '../../games/minerFrenzy/rules';
import { minePositions, MINES } from '../../games/mines/rules';
import { rules as minislot } from '../../games/minislot/rules';
import { rules as plinko } from '../../games/plinko/rules';
import { rouletteSpin } from '../../games/roulette/rules';
import type { InstantRules } from '../../games/fairness/contract';

/** A round the tool rigs: how many floats decide it, and which of them it wants. */
interface Rig {
  floats: number;
  accept: (floats: number[]) => boolean;
}

export interface GameMoments {
  id: string;
  /** Hotkeys on for the player (a game played with keys here). */
  hotkeys?: true;
  /** Sets the panel's fields once the page is open, before any round. */
  setUp?: (page: Page) => Promise<void>;
  /** The round shown in the middle (any round when absent). */
  mid?: Rig;
  /** The round that wins big (10x or more: the big or the huge celebration). */
  big: Rig;
  /**
   * Plays a rigged round with its `floats`. For the middle moment it resolves when the picture is
   * to be taken (the round still running); for the big win, once the last move is made.
   */
  play: (page: Page, floats: number[], moment: 'mid' | 'big') => Promise<void>;
  /** Ends the round left running after the middle picture (the default waits for it to end). */
  finish?: (page: Page) => Promise<void>;
}

const BIG_E4 = 10 * 10_000;
const panel = (page: Page, id: string) => page.locator(`[data-testid=${id}-panel]`);
const press = (page: Page, testId: string) => page.locator(`[data-testid=${testId}]`).click();

/** An instant game's rigged win: its rules played on the floats with the panel's parameters. */
function instantWin<P>(rules: InstantRules<P>, raw: Record<string, unknown>, atLeastE4: number) {
  const parsed = rules.parse(raw);
  if (!parsed.ok) throw new Error(`${rules.id}: ${JSON.stringify(parsed.issues)}`);
  const floats = rules.floatsNeeded(rules.verifyValuesOf(rules.wire(parsed.value)));
  return {
    floats,
    accept: (f: number[]) => rules.play(parsed.value, f, 100).multiplierE4 >= atLeastE4,
  };
}

/** Taps the button and waits `ms` (the middle of the round) or not at all (the big win). */
const tapThenWait =
  (testId: string, midMs: number) => async (page: Page, _floats: number[], moment: string) => {
    await press(page, testId);
    if (moment === 'mid') await page.waitForTimeout(midMs);
  };

type Box = { x: number; y: number; width: number; height: number };

/** The canvas's place on the page and the scene's layout report (its boxes in canvas px). */
async function sceneLayout(page: Page) {
  return page.evaluate(() => {
    const canvas = document.querySelector('.game-view canvas')!.getBoundingClientRect();
    const report = window.__engine!.scenes.describeLayout()!.report;
    return { canvas: { x: canvas.left, y: canvas.top }, report };
  });
}

/** Clicks a point of the scene given in canvas px. */
async function clickScene(page: Page, at: (report: Record<string, unknown>) => [number, number]) {
  const { canvas, report } = await sceneLayout(page);
  const [x, y] = at(report as Record<string, unknown>);
  await page.mouse.click(canvas.x + x, canvas.y + y);
}

/** Mines' tile `tile`: the board's box and a tile's size from the layout report, five by five. */
const minesTile = (tile: number) => (report: Record<string, unknown>) => {
  const board = report.board as Box;
  const size = report.tile as number;
  const gap = (board.width - 5 * size) / 4;
  const step = size + gap;
  return [
    board.x + (tile % 5) * step + size / 2,
    board.y + Math.floor(tile / 5) * step + size / 2,
  ] as [number, number];
};

const MINES_COUNT = 10;
/** Ten mines: five safe picks pay 17.5x (big), two show the middle of a game. */
const MINES_PICKS = { mid: 2, big: 5 } as const;
/** Gem miner on hard (one gem in two): six levels pay 63.36x (huge), two the middle. */
const GEM_LEVELS = { mid: 2, big: 6 } as const;
/** Gem miner on hard: one float per level of the shaft's eight. */
const GEM_LEVELS_FLOATS = 8;
/** Miner frenzy's auto cash-out for the big win, in hundredths (10.00x: big). */
const FRENZY_TARGET = 1_000;
/** A Miner Frenzy round that crashes past the auto cash-out: it runs and wins at the target. */
const PAST_FRENZY_TARGET: Rig = {
  floats: 1,
  accept: ([f0]) => crashPointHundredths(f0!) > FRENZY_TARGET,
};
/** Any round: the stepped games read its floats to know where the gems are. */
export const anyRound = (floats: number): Rig => ({ floats, accept: () => true });

export const GAME_MOMENTS: readonly GameMoments[] = [
  {
    id: 'dice',
    setUp: async (page) => {
      await panel(page, 'dice').locator('input[name=target]').fill('1.5');
    },
    big: instantWin(dice, { target: 1.5, condition: 'under' }, BIG_E4),
    play: tapThenWait('dice-bet', 250),
  },
  {
    id: 'plinko',
    setUp: async (page) => {
      await panel(page, 'plinko').locator('[data-testid=plinko-rows]').selectOption('16');
      await panel(page, 'plinko').locator('[data-testid=plinko-risk]').selectOption('high');
    },
    big: instantWin(plinko, { rows: 16, risk: 'high' }, 100 * 10_000),
    play: tapThenWait('plinko-bet', 1_200),
  },
  {
    id: 'roulette',
    setUp: async (page) => {
      await clickScene(page, (report) => {
        const spot = report['spot:straight:17'] as Box;
        return [spot.x + spot.width / 2, spot.y + spot.height / 2];
      });
      await page.locator('[data-testid=roulette-bets] li').first().waitFor();
    },
    big: { floats: 1, accept: ([f0]) => rouletteSpin(f0!) === 17 },
    play: tapThenWait('roulette-spin', 1_800),
  },
  {
    id: 'minislot',
    big: instantWin(minislot, {}, 50 * 10_000),
    play: tapThenWait('minislot-bet', 700),
  },
  {
    id: 'asteroids',
    big: { floats: asteroids.floatsNeeded({}), accept: ([f0]) => asteroidsTier(f0!) >= 50 },
    play: async (page, _floats, moment) => {
      await press(page, 'asteroids-bet');
      const reveal = page.locator('[data-testid=asteroids-reveal-all]');
      await reveal.and(page.locator(':enabled')).waitFor();
      if (moment === 'big') return reveal.click();
      // Off the Buy button, then turn and fire for a moment: rocks split, shots and sparks.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.down('ArrowRight');
      await page.keyboard.down('Space');
      await page.waitForTimeout(1_500);
    },
    finish: async (page) => {
      await page.keyboard.up('Space');
      await page.keyboard.up('ArrowRight');
      await press(page, 'asteroids-reveal-all');
    },
  },
  {
    id: 'mines',
    setUp: async (page) => {
      await panel(page, 'mines').locator('select[name=mines]').selectOption(String(MINES_COUNT));
    },
    mid: anyRound(MINES.floatsNeeded),
    big: anyRound(MINES.floatsNeeded),
    play: async (page, floats, moment) => {
      const mines = new Set(minePositions(floats, MINES_COUNT));
      const safe = [12, 6, 8, 16, 18, 7, 11, 13, 17, 0, 4, 20, 24].filter((t) => !mines.has(t));
      await press(page, 'mines-start');
      await page.locator('[data-testid=mines-panel][data-status=active]').waitFor();
      for (const [i, tile] of safe.slice(0, MINES_PICKS[moment]).entries()) {
        await clickScene(page, minesTile(tile));
        await page
          .locator(`[data-testid=mines-panel][data-revealed^="${safe.slice(0, i + 1).join(',')}"]`)
          .waitFor();
      }
      if (moment === 'big') await press(page, 'mines-cashout');
      else await page.waitForTimeout(600);
    },
    finish: (page) => press(page, 'mines-cashout'),
  },
  {
    id: 'gemMiner',
    hotkeys: true,
    setUp: async (page) => {
      await panel(page, 'gemMiner').locator('select[name=difficulty]').selectOption('hard');
    },
    mid: anyRound(GEM_LEVELS_FLOATS),
    big: anyRound(GEM_LEVELS_FLOATS),
    play: async (page, floats, moment) => {
      const rocks = shaftRocks('hard', floats);
      await press(page, 'gemMiner-start');
      await page.locator('[data-testid=gemMiner-panel][data-status=playing]').waitFor();
      await page.locator('h1').click();
      for (let level = 0; level < GEM_LEVELS[moment]; level++) {
        const gem = rocks[level]![0] === 0 ? 1 : 0;
        await page.locator('[data-testid=gemMiner-panel]:not([data-busy])').waitFor();
        await page.keyboard.press(`Digit${gem + 1}`);
        await page.waitForFunction(
          (count) =>
            (document.querySelector('[data-testid=gemMiner-panel]')?.getAttribute('data-dug') ?? '')
              .split(',')
              .filter(Boolean).length === count,
          level + 1,
        );
      }
      await page.locator('[data-testid=gemMiner-panel]:not([data-busy])').waitFor();
      if (moment === 'big') await press(page, 'gemMiner-cashout');
      else await page.waitForTimeout(600);
    },
    finish: (page) => press(page, 'gemMiner-cashout'),
  },
  {
    id: 'minerFrenzy',
    setUp: async (page) => {
      await page.locator('[data-testid=minerFrenzy-auto]').fill((FRENZY_TARGET / 100).toFixed(2));
    },
    mid: PAST_FRENZY_TARGET,
    big: PAST_FRENZY_TARGET,
    play: async (page, _floats, moment) => {
      await press(page, 'minerFrenzy-bet');
      // The middle: the cart on its way at 2.00x; the big win: the auto cash-out at 10.00x.
      if (moment === 'mid') await page.waitForTimeout(msToReachHundredths(200) + 500);
    },
    finish: (page) => press(page, 'minerFrenzy-cashout'),
  },
];
