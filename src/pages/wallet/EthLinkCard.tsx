import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { walletApi, type EthAccount } from '../../api/wallet';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { FormAlert } from '../../components/FormAlert';
import { formatDate } from '../../components/format';
import { useForm } from '../../components/useForm';
import { browserWallet, signWithBrowserWallet } from './browserWallet';
import { shortAddress } from './walletFormat';

interface Props {
  account: EthAccount | null;
  /** The server's message to sign (GET /api/eth_account/validation_info); null until loaded. */
  message: string | null;
  /** After a link or unlink: reload the wallet info and the (rotated) message. */
  onChanged: () => Promise<void>;
}

/** The linked Ethereum address, or the way to link one by signing the server's message. */
export function EthLinkCard({ account, message, onChanged }: Props) {
  const { t, i18n } = useTranslation();
  const form = useForm({ address: '', signature: '' });
  const [open, setOpen] = useState(false);
  const [signing, setSigning] = useState(false);
  const [copied, setCopied] = useState<'address' | 'message' | null>(null);
  const [done, setDone] = useState(false);
  const provider = browserWallet();

  const copy = (what: 'address' | 'message', text: string) =>
    void navigator.clipboard?.writeText(text).then(() => setCopied(what));

  const link = async (body: { address: string; signature: string }) => {
    const linked = await form.submit(() => walletApi.link(body));
    if (!linked) return;
    setOpen(false);
    setDone(true);
    form.setValues({ address: '', signature: '' });
    await onChanged();
  };

  const signInBrowser = async () => {
    if (!provider || !message) return;
    setSigning(true);
    form.setAlert(null);
    try {
      const signed = await signWithBrowserWallet(provider, message);
      form.setValues(signed);
      await link(signed);
    } catch {
      form.setAlert(t('wallet.eth.rejected'));
    } finally {
      setSigning(false);
    }
  };

  const unlink = async () => {
    await walletApi.unlink();
    setDone(false);
    await onChanged();
  };

  return (
    <section className="card wallet-eth" aria-labelledby="wallet-eth-title">
      <h2 id="wallet-eth-title">{t('wallet.eth.title')}</h2>
      {done ? <FormAlert kind="success" text={t('wallet.eth.linked_ok')} /> : null}
      {account ? (
        <div className="wallet-eth__linked" data-eth-linked={account.address}>
          <span className="muted">{t('wallet.eth.linked')}</span>
          <div className="wallet-eth__address-row">
            <code className="wallet-eth__address" title={account.address}>
              {shortAddress(account.address)}
            </code>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => copy('address', account.address)}
            >
              {t(copied === 'address' ? 'wallet.eth.copied' : 'wallet.eth.copy')}
            </button>
            <Button type="link" nativeType="button" onClick={() => void unlink()}>
              {t('wallet.eth.unlink')}
            </Button>
          </div>
          <span className="muted wallet-eth__since">
            {t('wallet.eth.linked_on', { date: formatDate(account.linked_at, i18n.language) })}
          </span>
        </div>
      ) : (
        <>
          <p className="muted">{t('wallet.eth.none')}</p>
          {!open ? (
            <div className="button-row">
              <Button
                nativeType="button"
                loading={signing}
                disabled={!message}
                onClick={() => (provider ? void signInBrowser() : setOpen(true))}
              >
                {t(provider ? 'wallet.eth.use_browser_wallet' : 'wallet.eth.link')}
              </Button>
              {provider ? (
                <Button type="secondary" nativeType="button" onClick={() => setOpen(true)}>
                  {t('wallet.eth.link')}
                </Button>
              ) : null}
            </div>
          ) : null}
        </>
      )}
      {!account && open && message ? (
        <form
          className="wallet-eth__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void link({
              address: form.values.address.trim(),
              signature: form.values.signature.trim(),
            });
          }}
        >
          <p className="muted">{t('wallet.eth.manual_intro')}</p>
          <div className="field">
            <label htmlFor="wallet-eth-message">{t('wallet.eth.message')}</label>
            <textarea
              id="wallet-eth-message"
              className="wallet-eth__message"
              readOnly
              rows={5}
              value={message}
            />
          </div>
          <div className="button-row wallet-eth__copy-message">
            <Button type="secondary" nativeType="button" onClick={() => copy('message', message)}>
              {t(copied === 'message' ? 'wallet.eth.copied' : 'wallet.eth.copy_message')}
            </Button>
          </div>
          <FormAlert text={form.alert} />
          <Field
            label={t('wallet.eth.address')}
            {...form.bind('address')}
            autoComplete="off"
            spellCheck={false}
            placeholder="0x…"
          />
          <Field
            label={t('wallet.eth.signature')}
            {...form.bind('signature')}
            autoComplete="off"
            spellCheck={false}
            placeholder="0x…"
          />
          <div className="button-row">
            <Button loading={form.busy}>{t('wallet.eth.submit')}</Button>
            <Button type="secondary" nativeType="button" onClick={() => setOpen(false)}>
              {t('wallet.eth.cancel')}
            </Button>
          </div>
        </form>
      ) : !account && !open ? (
        <FormAlert text={form.alert} />
      ) : null}
    </section>
  );
}
