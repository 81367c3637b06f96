import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { route } from '../../app/routes';

const TABS = [
  { name: 'settings.profile', key: 'settings.profile' },
  { name: 'settings.password', key: 'settings.password' },
  { name: 'settings.2fa', key: 'settings.two_factor' },
  { name: 'settings.game', key: 'settings.game' },
  { name: 'settings.play', key: 'settings.responsible_play' },
] as const;

/** The settings frame: its tabs beside the current one's card. */
export function SettingsFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <main className="page settings-page">
      <h1>{t('settings.title')}</h1>
      <div className="settings-page__grid">
        <nav className="tabs tabs--vertical" aria-label={t('settings.title')}>
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
        <section className="card">{children}</section>
      </div>
    </main>
  );
}
