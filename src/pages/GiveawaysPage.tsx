import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/EmptyState';

export default function GiveawaysPage() {
  const { t } = useTranslation();
  return (
    <main className="page" data-screen="giveaways">
      <h1>{t('giveaways.title')}</h1>
      <EmptyState title={t('giveaways.empty')} text={t('giveaways.empty_text')} />
    </main>
  );
}
