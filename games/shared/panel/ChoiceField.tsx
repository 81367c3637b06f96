import { GameField } from './GameField';

type Choice = string | number;

interface Props<T extends Choice> {
  label: string;
  value: T;
  choices: readonly T[];
  onChange: (value: T) => void;
  /** A choice's text (default: the choice itself). */
  text?: (choice: T) => string;
  /** The select's form name and test id, where a test or the page needs them. */
  name?: string;
  testId?: string;
  disabled?: boolean;
}

/** The whole numbers from `min` to `max`, as the choices of a count. */
export const numberChoices = (min: number, max: number): number[] =>
  Array.from({ length: max - min + 1 }, (_, i) => min + i);

/** A panel's select of one of a few choices (a count, a risk, a difficulty). */
export function ChoiceField<T extends Choice>(props: Props<T>) {
  const { value, choices, onChange, text } = props;
  return (
    <GameField label={props.label}>
      {(id) => (
        <select
          id={id}
          name={props.name}
          data-testid={props.testId}
          value={value}
          disabled={props.disabled}
          onChange={(e) => onChange(choices.find((c) => String(c) === e.target.value) ?? value)}
        >
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {text ? text(choice) : choice}
            </option>
          ))}
        </select>
      )}
    </GameField>
  );
}
