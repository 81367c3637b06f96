// What a game's lobby tile shows besides its name and badge: its art and its return to player.
// Both follow from the definition alone, so no file outside a game's folder names the game.
import LOBBY_RTPS from 'virtual:lobby-rtps';
import type { GameDefinition, PlayableGame } from './definition';

/**
 * The tiles' art, `assets/generated/lobby/<id>.webp`, rendered from each game's own scene by
 * `npm run art:lobby` (scripts/lobby-art.ts). Only URLs are bundled; the images load with the tiles.
 */
const ART: Readonly<Record<string, string>> = import.meta.glob<string>(
  '../../../assets/generated/lobby/*.webp',
  { eager: true, query: '?url&no-inline', import: 'default' },
);

/** The tile art's URL, or null for a game that has none yet (a fresh scaffold): a drawn tile. */
export function lobbyArtOf(game: Pick<PlayableGame, 'id'>): string | null {
  return ART[`../../../assets/generated/lobby/${game.id}.webp`] ?? null;
}

/**
 * The RTP a tile shows: the rules' return on their example bet (exampleRtp), worked out when the
 * app is built, so the lobby loads no game's rules. Null for a game the build did not see or
 * without rules (a table still to come).
 */
export function lobbyRtpOf(game: Pick<GameDefinition, 'id'>): number | null {
  return LOBBY_RTPS[game.id] ?? null;
}
