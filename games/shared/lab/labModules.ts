// A game's lab adapter by the folder convention: games/<id>/lab.ts, its export `lab`, one chunk
// each, loaded only by the scene lab's page.
import type { LabGame } from './adapter';

const labs = import.meta.glob<LabGame>('../../*/lab.ts', { import: 'lab' });

/** games/<id>/lab.ts's `lab`; rejects when the game has none. */
export function labOf(id: string): Promise<LabGame> {
  const loader = labs[`../../${id}/lab.ts`];
  return loader ? loader() : Promise.reject(new Error(`games/${id}/lab.ts does not exist`));
}
