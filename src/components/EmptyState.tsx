import type { ReactNode } from 'react';

export function EmptyState({
  title,
  text,
  children,
}: {
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <div className="empty-state" data-empty-state>
      <svg width="48" height="48" viewBox="0 0 48 48" aria-hidden="true">
        <rect
          x="6"
          y="12"
          width="36"
          height="26"
          rx="6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
        <path d="M6 22h12l3 5h6l3-5h12" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <h2 className="empty-state__title">{title}</h2>
      {text ? <p className="muted">{text}</p> : null}
      {children}
    </div>
  );
}
