// Prints every playable game's example-bet RTP by id, as JSON: what the lobby's tiles show,
// computed once at build (scripts/build/lobbyRtps.ts) so the lobby loads no game's rules.
import { exampleRtp } from '../games/shared/registry/exampleRtp';
import { GAME_RULES } from '../games/shared/registry/gameRules';

const rtps = Object.fromEntries([...GAME_RULES].map(([id, rules]) => [id, exampleRtp(rules)]));
process.stdout.write(JSON.stringify(rtps));
