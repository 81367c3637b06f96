/** The app's own mark: a faceted gem on a dark blue badge. */
export function Logo({ size = 32, title }: { size?: number; title?: string }) {
  return (
    <svg
      className="logo"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <rect width="32" height="32" rx="8" fill="#1475e1" />
      <path d="M8 12l4-5h8l4 5-8 13z" fill="#ffffff" />
      <path d="M8 12h16l-8 13z" fill="#b9d7ff" />
      <path d="M12 7l4 5 4-5" fill="none" stroke="#1475e1" strokeWidth="1.2" />
      <path d="M8 12l8 13 8-13" fill="none" stroke="#1475e1" strokeWidth="1.2" />
    </svg>
  );
}
