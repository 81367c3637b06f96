/**
 * The range of a board's end-of-game reveal stagger (seconds between two tiles turning over), the
 * same in every board game: its params.ts spreads it and gives the value and the label.
 */
export const REVEAL_STAGGER = { min: 0, max: 0.2, step: 0.01 } as const;
