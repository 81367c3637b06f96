import { useTranslation } from 'react-i18next';
import { getEngine } from '../../../../engine';
import type { StaticKey } from '../../../i18n';
import type { LabClock } from './useLabClock';
import type { LabRunner } from './useLabRun';

const SPEEDS = { min: 0.1, max: 2, step: 0.1 };

/** Play and replay, the engine's speed, pause and single step, and a round's extra buttons. */
export function PlaybackControls({ lab, clock }: { lab: LabRunner; clock: LabClock }) {
  const { t } = useTranslation();
  const { adapter, state, run, actions } = lab;
  const { speed, setSpeed, paused, togglePause } = clock;
  return (
    <>
      <div className="scene-lab__buttons">
        <button
          type="button"
          className="btn btn--primary"
          data-testid="lab-play"
          disabled={!adapter || state === 'loading'}
          onClick={lab.play}
        >
          {t('dev.lab.play')}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          data-testid="lab-replay"
          disabled={!run}
          onClick={lab.replay}
        >
          {t('dev.lab.replay')}
        </button>
      </div>
      <div className="scene-lab__clock">
        <label className="scene-lab__speed">
          {t('dev.lab.speed')}: <strong>{speed.toFixed(1)}×</strong>
          <input
            type="range"
            name="speed"
            data-testid="lab-speed"
            min={SPEEDS.min}
            max={SPEEDS.max}
            step={SPEEDS.step}
            value={speed}
            onChange={(event) => setSpeed(Number(event.target.value))}
          />
        </label>
        <button
          type="button"
          className="btn btn--secondary"
          data-testid="lab-pause"
          aria-pressed={paused}
          onClick={togglePause}
        >
          {paused ? t('dev.lab.resume') : t('dev.lab.pause')}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          data-testid="lab-step"
          disabled={!paused}
          onClick={() => getEngine().step()}
        >
          {t('dev.lab.step')}
        </button>
      </div>
      {actions ? (
        <div className="scene-lab__buttons" aria-label={t('dev.lab.actions')}>
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              className="btn btn--secondary"
              data-testid="lab-action"
              onClick={() => lab.act(action)}
            >
              {t(action.label as StaticKey)}
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
}
