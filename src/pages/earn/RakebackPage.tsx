import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { asRakeback, type RakebackPotJson } from '../../api/earn';
import { authState, claimRakeback, fetchRakeback } from '../../state/auth';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { FormAlert } from '../../components/FormAlert';
import { formatBalance } from '../../components/format';
import { useNow } from '../../components/useNow';
import { EarnFrame } from './EarnFrame';
import { formatPercent } from './earnMath';
import { Amount, Countdown, Figure } from './parts';

const waitsUntil = (pot: RakebackPotJson, now: number): string | null =>
  pot.next_claim_at && Date.parse(pot.next_claim_at) > now ? pot.next_claim_at : null;

export default function RakebackPage() {
  const { t, i18n } = useTranslation();
  const { rakeback_me } = useSnapshot(authState);
  const rakeback = asRakeback(rakeback_me);
  const now = useNow();
  const [claiming, setClaiming] = useState<string | null>(null);
  const [claimed, setClaimed] = useState<{ type: string; amount: number } | null>(null);
  const pending = useRef<Set<string>>(new Set());

  useEffect(() => {
    void fetchRakeback();
  }, []);

  // A pot whose wait just ended: fetch its new state once (what it holds may have grown).
  useEffect(() => {
    for (const pot of rakeback?.pots ?? []) {
      const due = pot.next_claim_at && Date.parse(pot.next_claim_at) <= now;
      if (due && !pending.current.has(pot.next_claim_at!)) {
        pending.current.add(pot.next_claim_at!);
        void fetchRakeback();
      }
    }
  }, [now, rakeback]);

  const claim = async (pot: RakebackPotJson) => {
    setClaiming(pot.type);
    setClaimed(null);
    try {
      await claimRakeback(pot.type);
      setClaimed({ type: pot.type, amount: pot.available });
    } catch {
      // rakeback_me was reset (spec section 4); fetch it again so the pots stay on screen
      void fetchRakeback();
    } finally {
      setClaiming(null);
    }
  };

  const claimedPot = claimed ? t(`earn.pot_${claimed.type as RakebackPotJson['type']}`) : '';
  return (
    <EarnFrame>
      <section className="card" aria-labelledby="rakeback-title">
        <h2 id="rakeback-title">{t('earn.rakeback')}</h2>
        <p className="muted">{t('earn.rakeback_text')}</p>
        {rakeback ? (
          <dl className="figures">
            <Figure label={t('earn.wagered')}>
              <Amount value={rakeback.wagered} />
            </Figure>
            <Figure label={t('earn.claimed_total')}>
              <Amount value={rakeback.claimed} />
            </Figure>
            <Figure label={t('earn.available_now')}>
              <span data-testid="rakeback-available">
                <Amount value={rakeback.available} />
              </span>
            </Figure>
          </dl>
        ) : null}
        <FormAlert
          kind="success"
          text={
            claimed
              ? t('earn.pot_claimed', { pot: claimedPot, amount: formatBalance(claimed.amount) })
              : null
          }
        />
      </section>

      {!rakeback || rakeback.pots.length === 0 ? (
        <section className="card">
          <EmptyState title={t('earn.rakeback_empty')} text={t('earn.rakeback_empty_text')} />
        </section>
      ) : (
        <div className="pots">
          {rakeback.pots.map((pot) => {
            const wait = waitsUntil(pot, now);
            const empty = pot.available < 0.01;
            return (
              <section
                key={pot.type}
                className="card pot"
                data-testid={`pot-${pot.type}`}
                aria-labelledby={`pot-${pot.type}-title`}
              >
                <h3 id={`pot-${pot.type}-title`} className="pot__title">
                  {t(`earn.pot_${pot.type}`)}
                </h3>
                <p className="muted pot__rate">
                  {t(`earn.pot_${pot.type}_text`, {
                    rate: formatPercent(pot.rate, i18n.language),
                  })}
                </p>
                <p className="pot__amount">
                  <Amount value={pot.available} size={22} />
                </p>
                <p className="muted pot__state">
                  {wait ? (
                    <>
                      {t('earn.claimable_in')} <Countdown until={wait} now={now} />
                    </>
                  ) : empty ? (
                    t('earn.pot_empty')
                  ) : (
                    t('earn.claimable_now')
                  )}
                </p>
                <Button
                  nativeType="button"
                  block
                  loading={claiming === pot.type}
                  disabled={claiming !== null || wait !== null || empty}
                  onClick={() => void claim(pot)}
                >
                  {t(`earn.claim_${pot.type}`)}
                </Button>
              </section>
            );
          })}
        </div>
      )}
    </EarnFrame>
  );
}
