import { useId, type InputHTMLAttributes } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** Server messages for this field; the first is shown under it. */
  errors?: readonly string[] | undefined;
}

/** A labelled input with its server-side error under it. */
export function Field({ label, name, value, onChange, errors, ...input }: Props) {
  const id = useId();
  const error = errors?.[0];
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error ? (
        <div id={`${id}-error`} className="field__error" data-field-error={name}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
