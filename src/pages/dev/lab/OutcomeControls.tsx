import type { LabControl, LabPick } from '../../../../games/shared/lab/adapter';
import { LabField } from './LabField';

/** The outcome controls the game's lab adapter offers for the current pick. */
export function OutcomeControls({
  controls,
  pick,
  onChange,
}: {
  controls: readonly LabControl[];
  pick: LabPick;
  onChange: (name: string, value: LabPick[string]) => void;
}) {
  return controls.map((control) => (
    <LabField
      key={control.name}
      control={control}
      value={pick[control.name]}
      onChange={(value) => onChange(control.name, value)}
    />
  ));
}
