import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { authState, fetchTokenlocksMe, fetchTokenlocksRewards } from '../../state/auth';
import { DataView, isEmptyJson } from '../../components/DataView';
import { EmptyState } from '../../components/EmptyState';
import { EarnFrame } from './EarnFrame';

export default function LocksPage() {
  const { t } = useTranslation();
  const { tokenlocks_me, tokenlocks_rewards } = useSnapshot(authState);

  useEffect(() => {
    void fetchTokenlocksMe();
    void fetchTokenlocksRewards();
  }, []);

  return (
    <EarnFrame>
      <section className="card">
        <h2>{t('earn.locks')}</h2>
        {isEmptyJson(tokenlocks_me) ? (
          <EmptyState title={t('earn.locks_empty')} text={t('earn.locks_empty_text')} />
        ) : (
          <DataView value={tokenlocks_me} />
        )}
      </section>
      <section className="card">
        <h2>{t('earn.rewards')}</h2>
        {isEmptyJson(tokenlocks_rewards) ? (
          <p className="muted">{t('earn.rewards_empty')}</p>
        ) : (
          <DataView value={tokenlocks_rewards} />
        )}
      </section>
    </EarnFrame>
  );
}
