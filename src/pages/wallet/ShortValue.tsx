import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortAddress } from './walletFormat';

/**
 * An address or transaction hash shortened (0x1234…abcd): the whole value is its title and what
 * a screen reader reads, and a tap copies it. The caller labels it (visible text before it).
 */
export function ShortValue({ value }: { value: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="wallet-short"
      title={value}
      data-value={value}
      onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true))}
    >
      <span className="visually-hidden">{value}</span>
      <code aria-hidden="true">{shortAddress(value)}</code>
      {copied ? <span className="wallet-short__copied">{t('wallet.eth.copied')}</span> : null}
    </button>
  );
}
