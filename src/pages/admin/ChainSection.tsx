import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { errorStatus } from '../../api/client';
import { chainApi, type ChainStatus } from '../../api/admin';
import { Button } from '../../components/Button';
import { authState, fetchWalletInfo } from '../../state/auth';
import { walletInfoOf } from '../wallet/walletFormat';
import { ChainFacts } from './ChainFacts';
import { WithdrawalApprovals } from './WithdrawalApprovals';

/** No chain (play money, 409): no section. The node not answering (503): the section says so. */
type Loaded = ChainStatus | 'none' | 'unreachable' | null;

/**
 * The on-chain wallet: the house's coins against what it owes, how far the deposit scan is, and
 * the withdrawals awaiting approval. Left out in play money: the wallet info says `demo` (then
 * nothing is asked), and the server answers 409.
 */
export function ChainSection({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const { wallet_info } = useSnapshot(authState);
  const demo = walletInfoOf(wallet_info)?.demo ?? null;
  const [status, setStatus] = useState<Loaded>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setStatus(await chainApi.status());
    } catch (error) {
      const code = errorStatus(error);
      if (code === 409) setStatus('none');
      else if (code === 503) setStatus('unreachable');
    }
  }, []);
  useEffect(() => {
    void fetchWalletInfo();
  }, []);
  useEffect(() => {
    if (demo === false) void load();
  }, [demo, load]);

  if (demo !== false || status === null || status === 'none') return null;

  const refresh = async () => {
    setBusy(true);
    await load();
    setBusy(false);
  };

  return (
    <section className="card admin-chain" data-admin="chain">
      <div className="admin-chain__head">
        <h2>{t('admin.chain.title')}</h2>
        <Button type="secondary" nativeType="button" loading={busy} onClick={() => void refresh()}>
          {t('admin.chain.refresh')}
        </Button>
      </div>
      <div className="admin-chain__body">
        {status === 'unreachable' ? (
          <p className="admin-chain__state admin-chain__state--bad" data-solvency="unknown">
            {t('admin.chain.unreachable')}
          </p>
        ) : (
          <ChainFacts status={status} />
        )}
        <WithdrawalApprovals
          onChanged={() => {
            void load();
            onChanged();
          }}
        />
      </div>
    </section>
  );
}
