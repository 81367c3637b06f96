/** Polygon-style currency glyph: two interlocking hexagonal links (our own drawing). */
export function CurrencyIcon({ size = 18 }: { size?: number }) {
  return (
    <svg
      className="currency-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="12" fill="#8247e5" />
      <path
        d="M15.6 9.3l-2.1-1.2a1 1 0 0 0-1 0L10.4 9.3a1 1 0 0 0-.5.9v1.5l-1.4.8-1.4-.8v-1.6l1.4-.8.9.5V8.6l-.4-.2a1 1 0 0 0-1 0L5.9 9.6a1 1 0 0 0-.5.9v2.4a1 1 0 0 0 .5.9l2.1 1.2a1 1 0 0 0 1 0l2.1-1.2a1 1 0 0 0 .5-.9v-1.5l1.4-.8 1.4.8v1.6l-1.4.8-.9-.5v1.2l.4.2a1 1 0 0 0 1 0l2.1-1.2a1 1 0 0 0 .5-.9v-2.4a1 1 0 0 0-.5-.9z"
        fill="#ffffff"
        transform="translate(1.5 0)"
      />
    </svg>
  );
}
