import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayPattern, formatDay, parseDay } from './dayFormat';

interface Props {
  id: string;
  name: string;
  /** The ISO day ('2026-12-31'), or '' for none. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * A day typed in the order of the app's language (a native date input follows the browser's
 * language instead). The value changes once the text is a whole day, or empty.
 */
export function DayInput({ id, name, value, onChange }: Props) {
  const { i18n } = useTranslation();
  const pattern = dayPattern(i18n.language);
  /** The text while it is being typed (null: the value, formatted). */
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? formatDay(value, pattern);
  const invalid = text !== '' && parseDay(text, pattern) === null;
  return (
    <input
      id={id}
      name={name}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={pattern.example}
      value={text}
      aria-invalid={typed !== null && invalid ? true : undefined}
      onChange={(event) => {
        const next = event.target.value;
        setTyped(next);
        if (next.trim() === '') onChange('');
        else {
          const day = parseDay(next, pattern);
          if (day !== null) onChange(day);
        }
      }}
      onBlur={() => {
        if (!invalid) setTyped(null);
      }}
    />
  );
}
