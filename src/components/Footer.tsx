import { useTranslation } from 'react-i18next';
import { appConfig } from '../config';
import { Logo } from './Logo';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <Logo size={28} />
      <p className="footer__copy">
        {t('footer.copyright', { year: 2024, app: appConfig.appName })}
      </p>
      <a
        className="footer__social"
        href="https://x.com/"
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('footer.social')}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z"
          />
        </svg>
        <span>{t('footer.follow')}</span>
      </a>
    </footer>
  );
}
