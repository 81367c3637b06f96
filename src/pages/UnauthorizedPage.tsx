import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { route } from '../app/routes';

export default function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <main className="page centered-page" data-screen="unauthorized">
      <h1>{t('unauthorized.title')}</h1>
      <p className="muted">{t('unauthorized.text')}</p>
      <Link href={route('home')} className="btn btn--primary">
        {t('not_found.back')}
      </Link>
    </main>
  );
}
