import { useEffect, useState } from 'react';
import { getEngine } from '../../../../engine';

export interface LabClock {
  speed: number;
  setSpeed: (speed: number) => void;
  paused: boolean;
  togglePause: () => void;
}

/** The lab's hold on the engine's clock: its speed and a pause (restored when the page goes). */
export function useLabClock(): LabClock {
  const [speed, setSpeed] = useState(1);
  const [paused, setPaused] = useState(false);

  // The engine's clock is the page's while it is shown: back to normal when it goes.
  useEffect(() => getEngine().setTimeScale(speed), [speed]);
  useEffect(() => getEngine().pause(paused), [paused]);
  useEffect(
    () => () => {
      const engine = getEngine();
      engine.setTimeScale(1);
      engine.pause(false);
    },
    [],
  );

  return {
    speed,
    setSpeed,
    paused,
    togglePause: () => setPaused(!paused),
  };
}
