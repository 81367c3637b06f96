import { useTranslation } from 'react-i18next';
import type { Engine } from '../../../../engine';
import { GameView } from '../../../components/GameView';
import type { LabState } from './useLabRun';

const STATUS = {
  loading: 'dev.lab.status_ready',
  ready: 'dev.lab.status_ready',
  playing: 'dev.lab.status_playing',
  ended: 'dev.lab.status_ended',
  failed: 'dev.lab.status_failed',
} as const;

interface LabSceneProps {
  gameId: string;
  state: LabState;
  /** The run's number: every play is a fresh visit of the scene. */
  run: number;
  expected: Record<string, unknown> | null;
  shown: Record<string, unknown> | null;
  onShown: (engine: Engine) => void;
  onError: () => void;
}

/** The game's scene, how its play stands, and what it should end in beside what it shows. */
export function LabScene({ gameId, state, run, expected, shown, onShown, onError }: LabSceneProps) {
  const { t } = useTranslation();
  const expectedText = expected ? JSON.stringify(expected) : null;
  const shownText = shown ? JSON.stringify(shown) : null;
  const matches = shownText !== null && expectedText !== null && shownText === expectedText;
  return (
    <section className="scene-lab__stage">
      <div
        className="scene-lab__scene"
        data-scene-state={state === 'loading' ? 'loading' : 'shown'}
      >
        <GameView key={run} scene={gameId} onShown={onShown} onError={onError} />
      </div>
      <p className="scene-lab__status" role="status" data-testid="lab-status">
        {t(STATUS[state])}
        {state === 'ended' ? ` · ${matches ? t('dev.lab.match') : t('dev.lab.mismatch')}` : ''}
      </p>
      <dl className="scene-lab__readout">
        <dt>{t('dev.lab.expected')}</dt>
        <dd data-testid="lab-expected">{expectedText ?? '–'}</dd>
        <dt>{t('dev.lab.shown')}</dt>
        <dd data-testid="lab-shown">{shownText ?? '–'}</dd>
      </dl>
    </section>
  );
}
