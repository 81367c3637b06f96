import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../app/usePageTitle';

export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('not_found.title'));
  return (
    <main className="page not-found" data-screen="not-found">
      <h1>{t('not_found.title')}</h1>
      <p>{t('not_found.text')}</p>
      <Link href="/">{t('not_found.back')}</Link>
    </main>
  );
}
