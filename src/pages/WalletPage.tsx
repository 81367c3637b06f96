import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { authState, fetchBalance, fetchValidationInfo, fetchWalletInfo } from '../state/auth';
import { CurrencyIcon } from '../components/CurrencyIcon';
import { DataView, isEmptyJson } from '../components/DataView';
import { EmptyState } from '../components/EmptyState';
import { formatBalance } from '../components/format';

export default function WalletPage() {
  const { t } = useTranslation();
  const { user_balance, wallet_info, validation_info } = useSnapshot(authState);

  useEffect(() => {
    void fetchBalance();
    void fetchWalletInfo();
    void fetchValidationInfo();
  }, []);

  return (
    <main className="page wallet-page" data-screen="wallet">
      <h1>{t('wallet.title')}</h1>
      <section className="card wallet-page__balance">
        <h2>{t('wallet.balance')}</h2>
        <p className="big-number">
          {formatBalance(user_balance)} <CurrencyIcon size={24} />
        </p>
      </section>
      <section className="card">
        <h2>{t('wallet.info')}</h2>
        {isEmptyJson(wallet_info) ? (
          <EmptyState title={t('wallet.empty')} text={t('wallet.empty_text')} />
        ) : (
          <DataView value={wallet_info} />
        )}
      </section>
      <section className="card">
        <h2>{t('wallet.validation')}</h2>
        {isEmptyJson(validation_info) ? (
          <p className="muted">{t('wallet.validation_empty')}</p>
        ) : (
          <DataView value={validation_info} />
        )}
      </section>
    </main>
  );
}
