import { useCallback, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { walletApi, type WithdrawalsPage } from '../../api/wallet';
import { usePolling } from '../../components/usePolling';
import { authState } from '../../state/auth';
import { isMoving, isRefunded } from './chainFormat';
import { WithdrawalList } from './WithdrawalList';
import { WithdrawForm } from './WithdrawForm';
import { useWatchedList } from './useWatchedList';

const refundedOnes = (page: WithdrawalsPage) =>
  page.data.filter((w) => isRefunded(w.status)).map((w) => w.id);

interface Props {
  /** The linked address: withdrawals are paid to it. */
  linked: string | null;
  /** The balance and the ledger moved (a withdrawal taken, or one refunded). */
  onChanged: () => Promise<void>;
}

/** The withdrawal form and the player's withdrawals (watched while one is on its way). */
export function WithdrawCard({ linked, onChanged }: Props) {
  const { t } = useTranslation();
  const { user } = useSnapshot(authState);
  const refreshed = useCallback(() => void onChanged(), [onChanged]);
  const { page, failed, load } = useWatchedList(walletApi.withdrawals, refundedOnes, refreshed);

  useEffect(() => {
    void load();
  }, [load]);
  usePolling(() => void load(), page?.data.some((w) => isMoving(w.status)) ?? false);

  const withdrawn = async () => {
    await Promise.all([load(), onChanged()]);
  };

  return (
    <section
      className="card wallet-chain-card wallet-withdraw"
      aria-labelledby="wallet-withdraw-title"
      data-withdraw-card
    >
      <div className="wallet-chain-card__head">
        <h2 id="wallet-withdraw-title">{t('wallet.withdraw.title')}</h2>
      </div>
      {page ? (
        <>
          <WithdrawForm
            min={page.min}
            approvalAbove={page.approval_above}
            linked={linked}
            twoFactor={user?.two_factor_enabled ?? false}
            onDone={withdrawn}
          />
          <h3 className="wallet-chain-card__subtitle">{t('wallet.withdraw.history')}</h3>
          <WithdrawalList withdrawals={page.data} required={page.confirmations_required} />
        </>
      ) : (
        <p className="muted" aria-busy={!failed}>
          {failed ? t('wallet.chain_load_failed') : t('wallet.chain_loading')}
        </p>
      )}
    </section>
  );
}
