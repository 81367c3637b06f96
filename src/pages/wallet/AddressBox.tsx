import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A whole address in monospace (it wraps on a phone) and a button that copies it. */
export function AddressBox({ address }: { address: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div className="wallet-address">
      <code className="wallet-address__value" title={address} data-address={address}>
        {address}
      </code>
      <button
        type="button"
        className="btn btn--secondary wallet-address__copy"
        onClick={() => void navigator.clipboard?.writeText(address).then(() => setCopied(true))}
      >
        {t(copied ? 'wallet.eth.copied' : 'wallet.eth.copy')}
      </button>
    </div>
  );
}
