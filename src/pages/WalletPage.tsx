import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { authState, fetchBalance, fetchValidationInfo, fetchWalletInfo } from '../state/auth';
import { CurrencyIcon } from '../components/CurrencyIcon';
import { formatBalance } from '../components/format';
import { DepositCard } from './wallet/DepositCard';
import { EthLinkCard } from './wallet/EthLinkCard';
import { LedgerSection } from './wallet/LedgerSection';
import { validationInfoOf, walletInfoOf } from './wallet/walletFormat';
import { WithdrawCard } from './wallet/WithdrawCard';
import './wallet/wallet.css';

export default function WalletPage() {
  const { t } = useTranslation();
  const { user_balance, wallet_info, validation_info } = useSnapshot(authState);
  // Bumped when the wallet changes, so the ledger and chart load again.
  const [version, setVersion] = useState(0);
  const info = walletInfoOf(wallet_info);
  const validation = validationInfoOf(validation_info);
  const linked = info?.eth_account?.address ?? null;

  useEffect(() => {
    void fetchBalance();
    void fetchWalletInfo();
    void fetchValidationInfo();
  }, []);

  const reload = useCallback(async () => {
    await Promise.all([fetchBalance(), fetchWalletInfo(), fetchValidationInfo()]);
    setVersion((v) => v + 1);
  }, []);

  return (
    <main className="page wallet-page" data-screen="wallet">
      <h1>{t('wallet.title')}</h1>
      <div className="wallet-summary">
        <section className="card wallet-page__balance" aria-labelledby="wallet-balance-title">
          <h2 id="wallet-balance-title">{t('wallet.balance')}</h2>
          <p className="big-number">
            {formatBalance(user_balance)} <CurrencyIcon size={24} />
          </p>
          {info && info.locked > 0 ? (
            <p className="muted">
              {t('wallet.locked')}: {formatBalance(info.locked)}
            </p>
          ) : null}
          {info?.demo ? <p className="muted wallet-page__demo">{t('wallet.play_money')}</p> : null}
        </section>
        <EthLinkCard
          account={info?.eth_account ?? null}
          message={validation?.message ?? null}
          onChanged={reload}
        />
      </div>
      {info && !info.demo ? (
        <div className="wallet-chain">
          <DepositCard linked={linked} onCredited={reload} />
          <WithdrawCard linked={linked} onChanged={reload} />
        </div>
      ) : null}
      <LedgerSection version={version} />
    </main>
  );
}
