import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { route } from '../app/routes';

/** Shown when a screen could not load or fetch its data (keys error_alert_title/_text). */
export function ErrorLayout() {
  const { t } = useTranslation();
  return (
    <main className="page error-layout" data-screen="error">
      <div className="alert alert--error" role="alert">
        <h1 className="alert__title">{t('error_alert_title')}</h1>
        <p>{t('error_alert_text')}</p>
      </div>
      <Link href={route('home')} className="btn btn--secondary">
        {t('not_found.back')}
      </Link>
    </main>
  );
}
