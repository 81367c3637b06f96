import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { route } from '../../app/routes';
import { appConfig } from '../../config';
import { authState, fetchReferrals } from '../../state/auth';
import { DataView, isEmptyJson } from '../../components/DataView';
import { EmptyState } from '../../components/EmptyState';
import { EarnFrame } from './EarnFrame';

export default function ReferralsPage() {
  const { t } = useTranslation();
  const { user, referrals_me } = useSnapshot(authState);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    void fetchReferrals();
  }, []);

  const base = appConfig.appUrl || window.location.origin;
  const link = user ? `${base}${route('register', {}, { referral_code: user.referral_code })}` : '';

  return (
    <EarnFrame>
      <section className="card">
        <h2>{t('earn.your_link')}</h2>
        <div className="copy-row">
          <input readOnly value={link} aria-label={t('earn.your_link')} />
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true))}
          >
            {t(copied ? 'earn.copied' : 'earn.copy')}
          </button>
        </div>
      </section>
      <section className="card">
        <h2>{t('earn.referrals')}</h2>
        {isEmptyJson(referrals_me) ? (
          <EmptyState title={t('earn.referrals_empty')} text={t('earn.referrals_empty_text')} />
        ) : (
          <DataView value={referrals_me} />
        )}
      </section>
    </EarnFrame>
  );
}
