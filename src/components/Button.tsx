import type { ReactNode } from 'react';

interface Props {
  /** Visual type, default primary. */
  type?: 'primary' | 'secondary' | 'danger' | 'link';
  /** Native button type, default submit. */
  nativeType?: 'submit' | 'button' | 'reset';
  loading?: boolean;
  block?: boolean;
  large?: boolean;
  disabled?: boolean;
  onClick?: () => void;
  children: ReactNode;
}

/** The generic button (spec section 4): loading disables it and shows a spinner. */
export function Button({
  type = 'primary',
  nativeType = 'submit',
  loading = false,
  block = false,
  large = false,
  disabled = false,
  onClick,
  children,
}: Props) {
  const classes = ['btn', `btn--${type}`];
  if (block) classes.push('btn--block');
  if (large) classes.push('btn--large');
  return (
    <button
      type={nativeType}
      className={classes.join(' ')}
      disabled={loading || disabled}
      aria-busy={loading || undefined}
      onClick={onClick}
    >
      {loading ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
