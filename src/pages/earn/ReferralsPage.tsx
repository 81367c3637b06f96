import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { route } from '../../app/routes';
import { appConfig } from '../../config';
import { asReferrals, earnApi } from '../../api/earn';
import { authState, fetchReferrals, setBalance } from '../../state/auth';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { FormAlert } from '../../components/FormAlert';
import { formatBalance, formatDate } from '../../components/format';
import { EarnFrame } from './EarnFrame';
import { formatPercent } from './earnMath';
import { Amount, Figure } from './parts';

/**
 * Copies text: the Clipboard API where the page may use it, else the old select-and-copy of
 * the given input (plain-http pages and older browsers). Answers whether it worked.
 */
async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused (no permission): try the fallback
  }
  if (!input) return false;
  input.focus();
  input.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

export default function ReferralsPage() {
  const { t, i18n } = useTranslation();
  const { user, referrals_me } = useSnapshot(authState);
  const referrals = asReferrals(referrals_me);
  const [copied, setCopied] = useState<boolean | null>(null);
  const [claiming, setClaiming] = useState(false);
  const [claimed, setClaimed] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void fetchReferrals();
  }, []);

  useEffect(() => {
    if (copied === null) return;
    const timer = window.setTimeout(() => setCopied(null), 2500);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const base = appConfig.appUrl || window.location.origin;
  const link =
    referrals?.referral_url ??
    (user ? `${base}${route('register', {}, { referral_code: user.referral_code })}` : '');

  const copy = async () => setCopied(await copyText(link, input.current));

  const claim = async () => {
    setClaiming(true);
    try {
      const answer = await earnApi.claimReferrals();
      setBalance(answer.balance);
      setClaimed(answer.claimed);
      await fetchReferrals();
    } catch {
      // the client's dialog told the player (422: nothing to claim)
    } finally {
      setClaiming(false);
    }
  };

  const available = referrals?.earnings.available ?? 0;
  return (
    <EarnFrame>
      <section className="card" aria-labelledby="referral-link-title">
        <h2 id="referral-link-title">{t('earn.your_link')}</h2>
        <p className="muted">
          {t('earn.link_text', {
            rate: formatPercent(referrals?.commission_rate ?? 0, i18n.language),
          })}
        </p>
        <div className="copy-row">
          <input
            ref={input}
            readOnly
            value={link}
            aria-label={t('earn.your_link')}
            data-testid="referral-link"
            onFocus={(e) => e.currentTarget.select()}
          />
          <button
            type="button"
            className="btn btn--secondary"
            data-testid="copy-link"
            data-copied={copied === true || undefined}
            onClick={() => void copy()}
          >
            {t(copied ? 'earn.copied' : 'earn.copy')}
          </button>
        </div>
        <p className="earn-status" role="status" aria-live="polite">
          {copied === true ? t('earn.copied_text') : copied === false ? t('earn.copy_failed') : ''}
        </p>
        {user ? (
          <p className="muted">
            {t('earn.your_code')}: <code>{referrals?.referral_code ?? user.referral_code}</code>
          </p>
        ) : null}
      </section>

      <section className="card" aria-labelledby="referral-earnings-title">
        <h2 id="referral-earnings-title">{t('earn.earnings')}</h2>
        <dl className="figures">
          <Figure label={t('earn.referred_count')}>
            <span data-testid="referred-count">{referrals?.referred_count ?? 0}</span>
          </Figure>
          <Figure label={t('earn.commission_rate')}>
            <span data-testid="commission-rate">
              {formatPercent(referrals?.commission_rate ?? 0, i18n.language)}
            </span>
          </Figure>
          <Figure label={t('earn.earned_total')}>
            <Amount value={referrals?.earnings.total ?? 0} />
          </Figure>
          <Figure label={t('earn.claimed_total')}>
            <Amount value={referrals?.earnings.claimed ?? 0} />
          </Figure>
          <Figure label={t('earn.available')}>
            <span data-testid="referral-available">
              <Amount value={available} />
            </span>
          </Figure>
        </dl>
        <div className="button-row">
          <Button
            nativeType="button"
            loading={claiming}
            disabled={available < 0.01}
            onClick={() => void claim()}
          >
            {t('earn.claim')}
          </Button>
          {available < 0.01 ? <span className="muted">{t('earn.nothing_to_claim')}</span> : null}
        </div>
        <FormAlert
          kind="success"
          text={
            claimed !== null ? t('earn.claimed_text', { amount: formatBalance(claimed) }) : null
          }
        />
      </section>

      <section className="card" aria-labelledby="referred-title">
        <h2 id="referred-title">{t('earn.referred_players')}</h2>
        {!referrals || referrals.referred.length === 0 ? (
          <EmptyState title={t('earn.referrals_empty')} text={t('earn.referrals_empty_text')} />
        ) : (
          <table className="table table--labelled" data-testid="referred-table">
            <thead>
              <tr>
                <th scope="col">{t('earn.player')}</th>
                <th scope="col">{t('earn.joined')}</th>
                <th scope="col">{t('earn.wagered')}</th>
                <th scope="col">{t('earn.your_commission')}</th>
              </tr>
            </thead>
            <tbody>
              {referrals.referred.map((player) => (
                <tr key={player.id}>
                  <td data-label={t('earn.player')}>{player.name}</td>
                  <td data-label={t('earn.joined')}>
                    {formatDate(player.created_at, i18n.language)}
                  </td>
                  <td data-label={t('earn.wagered')} className="table__amount">
                    {player.wagered === undefined ? '–' : <Amount value={player.wagered} />}
                  </td>
                  <td data-label={t('earn.your_commission')} className="table__amount">
                    {player.commission === undefined ? '–' : <Amount value={player.commission} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </EarnFrame>
  );
}
