import artUrl from '../../assets/generated/minerFrenzy-art.png?url';
import artData from '../../assets/generated/minerFrenzy-art.json';
import { artSheetBundle } from '../shared/scene/artSheet';

/** The cart (games/minerFrenzy/art.ts, scripts/assets/game-art.ts). */
export const MINER_FRENZY_ART = 'minerFrenzy-art';

export const minerFrenzyArtBundle = artSheetBundle(
  'minerFrenzy',
  MINER_FRENZY_ART,
  artUrl,
  artData,
);
