import { useTranslation } from 'react-i18next';
import type { LabControl, LabPick } from '../../../../games/shared/lab/adapter';
import type { StaticKey } from '../../../i18n';

/** One outcome control, as its descriptor says. */
export function LabField({
  control,
  value,
  onChange,
}: {
  control: LabControl;
  value: LabPick[string] | undefined;
  onChange: (value: LabPick[string]) => void;
}) {
  const { t } = useTranslation();
  const label = t(control.label as StaticKey);
  switch (control.kind) {
    case 'choice':
      return (
        <label className="scene-lab__field">
          {label}
          <select
            className="input"
            name={control.name}
            value={String(value ?? '')}
            onChange={(event) => onChange(event.target.value)}
          >
            {control.choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.key ? t(choice.key as StaticKey) : (choice.text ?? choice.value)}
              </option>
            ))}
          </select>
        </label>
      );
    case 'number':
      return (
        <label className="scene-lab__field">
          {label}
          <input
            className="input"
            type="number"
            name={control.name}
            min={control.min}
            max={control.max}
            step={control.step}
            value={typeof value === 'number' ? value : ''}
            onChange={(event) => {
              const number = event.target.valueAsNumber;
              if (Number.isFinite(number)) onChange(number);
            }}
          />
        </label>
      );
    case 'grid': {
      const marked = Array.isArray(value) ? (value as number[]) : [];
      return (
        <fieldset className="scene-lab__field scene-lab__grid-field" data-grid={control.name}>
          <legend>{label}</legend>
          <div
            className="scene-lab__grid"
            style={{ gridTemplateColumns: `repeat(${control.columns}, 1fr)` }}
          >
            {Array.from({ length: control.tiles }, (_, tile) => {
              const order = marked.indexOf(tile);
              return (
                <button
                  key={tile}
                  type="button"
                  data-tile={tile}
                  aria-pressed={order >= 0}
                  onClick={() =>
                    onChange(
                      order >= 0
                        ? marked.filter((other) => other !== tile)
                        : marked.length < control.max
                          ? [...marked, tile]
                          : marked,
                    )
                  }
                >
                  {order >= 0 ? (control.mark ?? String(order + 1)) : ''}
                </button>
              );
            })}
          </div>
          <button type="button" className="btn btn--small" onClick={() => onChange([])}>
            {t('dev.lab.clear')}
          </button>
        </fieldset>
      );
    }
  }
}
