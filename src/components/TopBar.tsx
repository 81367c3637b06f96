import { useCallback, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { route } from '../app/routes';
import { appConfig } from '../config';
import { authState, logout } from '../state/auth';
import { Avatar } from './Avatar';
import { BalanceBox } from './BalanceBox';
import { CreatorSearch } from './CreatorSearch';
import { LanguageSelect } from './LanguageSelect';
import { Logo } from './Logo';
import { PHONE_QUERY, useMediaQuery } from './useMediaQuery';
import { useDismiss } from './useDismiss';

/** Top bar links of spec section 2: casino, referrals, locks, rakeback, ranking. */
const NAV_LINKS = [
  { name: 'home', key: 'nav.casino' },
  { name: 'earn.referrals', key: 'nav.referrals' },
  { name: 'earn.locks', key: 'nav.locks' },
  { name: 'earn.rakeback', key: 'nav.rakeback' },
  { name: 'ranking', key: 'nav.ranking' },
] as const;

function NavLinks({ onChoose }: { onChoose?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {NAV_LINKS.map((link) => (
        <li key={link.name}>
          <Link href={route(link.name)} className="nav-link" onClick={onChoose}>
            {t(link.key)}
          </Link>
        </li>
      ))}
    </>
  );
}

/** Signed-in menu of spec section 2: settings, ranking, earn; admin for admins. */
const ACCOUNT_LINKS = [
  { name: 'settings.profile', key: 'menu.settings' },
  { name: 'ranking', key: 'nav.ranking' },
  { name: 'earn.referrals', key: 'menu.earn' },
] as const;

/**
 * Signed-in menu: settings, ranking, earn, a divider, logout; guest menu: login and register.
 * `skip` leaves out the routes the same menu already lists (the phone menu has the nav links).
 */
function AccountItems({
  onChoose,
  skip = [],
}: {
  onChoose?: () => void;
  skip?: readonly string[];
}) {
  const { t } = useTranslation();
  const { user } = useSnapshot(authState);
  if (!user) {
    return (
      <>
        <li>
          <Link href={route('login')} className="menu-item" onClick={onChoose}>
            {t('auth.login')}
          </Link>
        </li>
        <li>
          <Link href={route('register')} className="menu-item" onClick={onChoose}>
            {t('auth.register')}
          </Link>
        </li>
      </>
    );
  }
  return (
    <>
      {ACCOUNT_LINKS.filter((link) => !skip.includes(link.name)).map((link) => (
        <li key={link.name}>
          <Link href={route(link.name)} className="menu-item" onClick={onChoose}>
            {t(link.key)}
          </Link>
        </li>
      ))}
      {user.role === 'admin' ? (
        <li>
          <Link href={route('admin')} className="menu-item" onClick={onChoose}>
            {t('admin.title')}
          </Link>
        </li>
      ) : null}
      <li role="separator" className="menu-divider" />
      <li>
        <button
          type="button"
          className="menu-item"
          onClick={() => {
            onChoose?.();
            void logout();
          }}
        >
          {t('menu.logout')}
        </button>
      </li>
    </>
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSnapshot(authState);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  if (!user) return null;
  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className="dropdown__toggle user-menu__toggle"
        aria-expanded={open}
        aria-controls="user-menu"
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar imageId={user.image_id} size="navbar" alt="" />
        <span className="user-menu__name">{user.name}</span>
        <span className="visually-hidden">{t('menu.account')}</span>
      </button>
      {open ? (
        <ul id="user-menu" className="dropdown__menu">
          <AccountItems onChoose={close} />
        </ul>
      ) : null}
    </div>
  );
}

function GuestButtons() {
  const { t } = useTranslation();
  return (
    <div className="guest-buttons">
      <Link href={route('login')} className="btn btn--secondary">
        {t('auth.login')}
      </Link>
      <Link href={route('register')} className="btn btn--primary">
        {t('auth.register')}
      </Link>
    </div>
  );
}

const NAV_ROUTES: readonly string[] = NAV_LINKS.map((link) => link.name);

/**
 * The phone layout's menu (width <= 1400 px): everything the one-row bar leaves out (search, the
 * links, the account, the language), each once. Choosing an item closes it.
 */
function PhoneMenu() {
  const { t } = useTranslation();
  const { user } = useSnapshot(authState);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  return (
    <div className="phone-menu" ref={ref}>
      <button
        type="button"
        className="phone-menu__toggle"
        aria-expanded={open}
        aria-controls="phone-menu"
        onClick={() => setOpen((o) => !o)}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />
        </svg>
        <span className="visually-hidden">{t('topbar.menu')}</span>
      </button>
      {open ? (
        <div id="phone-menu" className="phone-menu__panel">
          <CreatorSearch onNavigate={close} />
          <ul className="phone-menu__list">
            <NavLinks onChoose={close} />
            {/* Guests have login and register in the bar itself. */}
            {user ? (
              <>
                <li role="separator" className="menu-divider" />
                <AccountItems onChoose={close} skip={NAV_ROUTES} />
              </>
            ) : null}
          </ul>
          <div className="phone-menu__language">
            <LanguageSelect showLabel />
          </div>
        </div>
      ) : null}
    </div>
  );
}

export function TopBar() {
  const { t } = useTranslation();
  const { user } = useSnapshot(authState);
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <header className={`topbar${phone ? ' topbar--phone' : ''}`}>
      <Link
        href={route('home')}
        className="topbar__brand"
        aria-label={t('topbar.home_label', { app: appConfig.appName })}
      >
        <Logo size={32} />
        <span className="topbar__app-name">{appConfig.appName}</span>
      </Link>
      {phone ? null : (
        <nav className="topbar__nav" aria-label={t('topbar.main_navigation')}>
          <ul>
            <NavLinks />
          </ul>
        </nav>
      )}
      {phone ? null : <CreatorSearch />}
      <div className="topbar__end">
        {user ? <BalanceBox /> : null}
        {phone ? null : <LanguageSelect />}
        {user ? phone ? null : <UserMenu /> : <GuestButtons />}
        {phone ? <PhoneMenu /> : null}
      </div>
    </header>
  );
}
