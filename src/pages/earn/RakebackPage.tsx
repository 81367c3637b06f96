import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { authState, claimRakeback, fetchRakeback } from '../../state/auth';
import { Button } from '../../components/Button';
import { DataView, isEmptyJson } from '../../components/DataView';
import { EmptyState } from '../../components/EmptyState';
import { EarnFrame } from './EarnFrame';

/** Rakeback kinds the claim button offers; the server decides what each is worth. */
const RAKEBACK_TYPES = ['instant', 'daily', 'weekly'] as const;

export default function RakebackPage() {
  const { t } = useTranslation();
  const { rakeback_me } = useSnapshot(authState);
  const [claiming, setClaiming] = useState<string | null>(null);

  useEffect(() => {
    void fetchRakeback();
  }, []);

  const claim = async (type: string) => {
    setClaiming(type);
    try {
      await claimRakeback(type);
    } catch {
      // rakeback_me was reset; the global dialog has told the user
    } finally {
      setClaiming(null);
    }
  };

  return (
    <EarnFrame>
      <section className="card">
        <h2>{t('earn.rakeback')}</h2>
        {isEmptyJson(rakeback_me) ? (
          <EmptyState title={t('earn.rakeback_empty')} text={t('earn.rakeback_empty_text')} />
        ) : (
          <DataView value={rakeback_me} />
        )}
        <div className="button-row">
          {RAKEBACK_TYPES.map((type) => (
            <Button
              key={type}
              nativeType="button"
              loading={claiming === type}
              disabled={claiming !== null}
              onClick={() => void claim(type)}
            >
              {t(`earn.claim_${type}`)}
            </Button>
          ))}
        </div>
      </section>
    </EarnFrame>
  );
}
