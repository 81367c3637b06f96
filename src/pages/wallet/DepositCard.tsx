import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { walletApi, type DepositsPage } from '../../api/wallet';
import { Button } from '../../components/Button';
import { formatBalance } from '../../components/format';
import { usePolling } from '../../components/usePolling';
import { AddressBox } from './AddressBox';
import { DepositList } from './DepositList';
import { useWatchedList } from './useWatchedList';

const creditedDeposits = (page: DepositsPage) =>
  page.data.filter((d) => d.status === 'credited').map((d) => d.tx_hash);

interface Props {
  /** The linked address (the deposits load again when it changes). */
  linked: string | null;
  /** A deposit was credited since the last look: the balance and the ledger moved. */
  onCredited: () => void;
}

/** Where and how to deposit POL, and the deposits seen so far (watched while one confirms). */
export function DepositCard({ linked, onCredited }: Props) {
  const { t } = useTranslation();
  const [checking, setChecking] = useState(false);
  const { page, failed, load } = useWatchedList(walletApi.deposits, creditedDeposits, onCredited);

  useEffect(() => {
    void load();
  }, [load, linked]);
  // A deposit arrives from outside the app: the card looks every 15 s while it is on screen, and
  // every 5 s while one is confirming.
  const confirming = page?.data.some((d) => d.status === 'pending') ?? false;
  usePolling(() => void load(), true, confirming ? 5_000 : 15_000);

  const check = async () => {
    setChecking(true);
    await load();
    setChecking(false);
  };

  return (
    <section
      className="card wallet-chain-card wallet-deposit"
      aria-labelledby="wallet-deposit-title"
      data-deposit-card
    >
      <div className="wallet-chain-card__head">
        <h2 id="wallet-deposit-title">{t('wallet.deposit.title')}</h2>
        <Button
          type="secondary"
          nativeType="button"
          loading={checking}
          onClick={() => void check()}
        >
          {t('wallet.deposit.refresh')}
        </Button>
      </div>
      {page ? (
        <>
          <div className="wallet-deposit__where">
            <div
              className="wallet-deposit__qr"
              role="img"
              aria-label={t('wallet.deposit.qr')}
              data-deposit-qr
              // The server draws this SVG from its own data (the deposit address and chain).
              dangerouslySetInnerHTML={{ __html: page.qr_svg }}
            />
            <div className="wallet-deposit__text">
              <p className="wallet-deposit__label">
                {t('wallet.deposit.address', { currency: page.currency })}
              </p>
              <AddressBox address={page.deposit_address} />
              <p className="muted">
                {t('wallet.deposit.network', { currency: page.currency, chain: page.chain_id })}{' '}
                {t('wallet.deposit.confirmations', { count: page.confirmations_required })}
              </p>
            </div>
          </div>
          {page.send_from ? (
            <div className="wallet-deposit__from" data-send-from={page.send_from}>
              <p>{t('wallet.deposit.send_from')}</p>
              <code className="wallet-address__value" title={page.send_from}>
                {page.send_from}
              </code>
            </div>
          ) : (
            <p className="alert alert--error wallet-deposit__unlinked" data-deposit-unlinked>
              {t('wallet.deposit.no_link')}
            </p>
          )}
          {page.deposit_room !== null ? (
            <p className="wallet-deposit__limit" data-deposit-room={page.deposit_room}>
              {t('wallet.deposit.limit', { amount: formatBalance(page.deposit_room) })}
            </p>
          ) : null}
          <h3 className="wallet-chain-card__subtitle">{t('wallet.deposit.recent')}</h3>
          <DepositList deposits={page.data} required={page.confirmations_required} />
        </>
      ) : (
        <p className="muted" aria-busy={!failed}>
          {failed ? t('wallet.chain_load_failed') : t('wallet.chain_loading')}
        </p>
      )}
    </section>
  );
}
