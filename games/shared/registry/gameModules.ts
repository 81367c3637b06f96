// A game's scene and panel by the folder convention: games/<id>/scene.ts and games/<id>/panel.tsx,
// each its module's default export, one chunk each. Definitions import this module lazily, so
// neither the lobby nor the server loads the list of every game's chunks.
import type { ComponentType } from 'react';
import type { GameSceneModule } from '../scene/gameScene';
import type { GamePanelProps } from '../wire/services';

const scenes = import.meta.glob<GameSceneModule>('../../*/scene.ts', { import: 'default' });
const panels = import.meta.glob<{ default: ComponentType<GamePanelProps> }>('../../*/panel.tsx');

function load<T>(modules: Record<string, () => Promise<T>>, id: string, file: string): Promise<T> {
  const loader = modules[`../../${id}/${file}`];
  return loader ? loader() : Promise.reject(new Error(`games/${id}/${file} does not exist`));
}

export const sceneOf = (id: string) => load(scenes, id, 'scene.ts');
export const panelOf = (id: string) => load(panels, id, 'panel.tsx');
