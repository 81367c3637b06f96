/** The colours every table draws its outcome, its text and its tiles with. */
export const TABLE_COLOURS = {
  win: 0x2fd67b,
  lose: 0xe8485c,
  /** Text on the felt. */
  ink: 0xe8edf7,
  /** A tile not played yet, the one under the pointer or cursor, and an opened one. */
  tile: 0x2f4553,
  tileLit: 0x557086,
  open: 0x071824,
} as const;
