import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { route } from '../../app/routes';

const TABS = [
  { name: 'earn.referrals', key: 'earn.referrals' },
  { name: 'earn.rakeback', key: 'earn.rakeback' },
  { name: 'earn.locks', key: 'earn.locks' },
] as const;

export function EarnFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <main className="page earn-page" data-screen="earn">
      <h1>{t('earn.title')}</h1>
      <nav className="tabs" aria-label={t('earn.title')}>
        {TABS.map((tab) => {
          const href = route(tab.name);
          return (
            <Link
              key={tab.name}
              href={href}
              className="tab"
              aria-current={location === href ? 'page' : undefined}
            >
              {t(tab.key)}
            </Link>
          );
        })}
      </nav>
      {children}
    </main>
  );
}
