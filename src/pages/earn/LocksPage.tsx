import { useEffect, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { parseAmountCents } from '../../../games/shared/format/amount';
import { asLockRewards, asTokenlocks, earnApi, type LockJson } from '../../api/earn';
import { authState, fetchTokenlocksMe, fetchTokenlocksRewards, setBalance } from '../../state/auth';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Field } from '../../components/Field';
import { FormAlert } from '../../components/FormAlert';
import { formatBalance, formatDate } from '../../components/format';
import { useForm } from '../../components/useForm';
import { useNow } from '../../components/useNow';
import { EarnFrame } from './EarnFrame';
import { formatPercent, lockRewardCents, termProgress } from './earnMath';
import { Amount, Countdown, Figure, TermBar } from './parts';

const DAY_MS = 24 * 60 * 60 * 1000;

const reload = () => Promise.all([fetchTokenlocksMe(), fetchTokenlocksRewards()]);

export default function LocksPage() {
  const { t } = useTranslation();
  const { tokenlocks_me, tokenlocks_rewards } = useSnapshot(authState);
  const locks = asTokenlocks(tokenlocks_me);
  const rewards = asLockRewards(tokenlocks_rewards);
  const now = useNow();

  useEffect(() => {
    void reload();
  }, []);

  return (
    <EarnFrame>
      <CreateLock options={locks?.options ?? []} />
      <section className="card" aria-labelledby="lock-rewards-title">
        <h2 id="lock-rewards-title">{t('earn.rewards')}</h2>
        <dl className="figures" data-testid="lock-rewards">
          <Figure label={t('earn.total_locked')}>
            <Amount value={locks?.total_locked ?? 0} />
          </Figure>
          <Figure label={t('earn.rewards_accrued')}>
            <Amount value={rewards?.accrued ?? 0} />
          </Figure>
          <Figure label={t('earn.rewards_projected')}>
            <span data-testid="rewards-projected">
              <Amount value={rewards?.projected ?? 0} />
            </span>
          </Figure>
          <Figure label={t('earn.rewards_paid')}>
            <Amount value={rewards?.paid ?? 0} />
          </Figure>
        </dl>
      </section>
      <section className="card" aria-labelledby="my-locks-title">
        <h2 id="my-locks-title">{t('earn.my_locks')}</h2>
        {!locks || locks.locks.length === 0 ? (
          <EmptyState title={t('earn.locks_empty')} text={t('earn.locks_empty_text')} />
        ) : (
          <ul className="lock-list" data-testid="lock-list">
            {locks.locks.map((lock) => (
              <LockItem key={lock.id} lock={lock} now={now} />
            ))}
          </ul>
        )}
      </section>
    </EarnFrame>
  );
}

function CreateLock({ options }: { options: readonly { days: number; rate: number }[] }) {
  const { t, i18n } = useTranslation();
  const { user_balance } = useSnapshot(authState);
  const form = useForm({ amount: '', days: '' });
  const [created, setCreated] = useState<LockJson | null>(null);
  const groupId = useId();
  const chosenDays = Number(form.values.days) || options[0]?.days || 0;
  const option = options.find((o) => o.days === chosenDays) ?? options[0];
  const cents = parseAmountCents(form.values.amount);
  const rewardCents =
    option && cents !== null ? lockRewardCents(cents, option.rate, option.days) : 0;
  const overBalance = cents !== null && cents > Math.round(user_balance * 100);
  const ready = option !== undefined && cents !== null && cents > 0 && !overBalance;

  const submit = async () => {
    if (!ready) return;
    setCreated(null);
    const answer = await form.submit(() =>
      earnApi.createLock({ amount: cents / 100, days: option.days }),
    );
    if (!answer) return;
    setBalance(answer.balance);
    setCreated(answer.lock);
    form.setValues({ amount: '', days: String(option.days) });
    await reload();
  };

  return (
    <section className="card" aria-labelledby="create-lock-title">
      <h2 id="create-lock-title">{t('earn.create_lock')}</h2>
      <p className="muted">{t('earn.create_lock_text')}</p>
      <form
        className="lock-form"
        data-testid="lock-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormAlert text={form.alert} />
        <fieldset className="lock-options">
          <legend id={groupId}>{t('earn.duration')}</legend>
          {options.map((o) => (
            <label
              key={o.days}
              className={`lock-option${o.days === option?.days ? ' lock-option--chosen' : ''}`}
            >
              <input
                type="radio"
                name="days"
                value={o.days}
                checked={o.days === option?.days}
                onChange={() => form.set('days')(String(o.days))}
              />
              <span className="lock-option__days">{t('earn.days', { count: o.days })}</span>
              <span className="lock-option__rate">
                {t('earn.rate_yearly', { rate: formatPercent(o.rate, i18n.language) })}
              </span>
            </label>
          ))}
        </fieldset>
        {form.errors.days?.[0] ? <p className="field__error">{form.errors.days[0]}</p> : null}
        <Field
          label={t('earn.lock_amount')}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0,00"
          {...form.bind('amount')}
          errors={
            form.errors.amount ??
            (form.values.amount !== '' && cents === null ? [t('game.stake_format')] : undefined) ??
            (overBalance
              ? [t('game.stake_balance', { balance: formatBalance(user_balance) })]
              : undefined)
          }
        />
        <div className="lock-preview" data-testid="lock-preview" aria-live="polite">
          {option && cents !== null && cents > 0 ? (
            <>
              <p>
                {t('earn.preview_reward')}{' '}
                <strong data-testid="lock-preview-reward" data-cents={rewardCents}>
                  <Amount value={rewardCents / 100} />
                </strong>
              </p>
              <p className="muted">
                {t('earn.preview_back', {
                  amount: formatBalance((cents + rewardCents) / 100),
                  date: formatDate(Date.now() + option.days * DAY_MS, i18n.language),
                })}
              </p>
            </>
          ) : (
            <p className="muted">{t('earn.preview_empty')}</p>
          )}
        </div>
        <Button loading={form.busy} disabled={!ready}>
          {t('earn.lock_submit')}
        </Button>
        <FormAlert
          kind="success"
          text={
            created
              ? t('earn.lock_created', {
                  amount: formatBalance(created.amount),
                  date: formatDate(created.ends_at, i18n.language),
                })
              : null
          }
        />
      </form>
    </section>
  );
}

function LockItem({ lock, now }: { lock: LockJson; now: number }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const done = lock.status === 'unlocked';
  const due = !done && Date.parse(lock.ends_at) <= now;
  const progress = done ? 1 : termProgress(lock.starts_at, lock.ends_at, now);
  const status = done ? 'unlocked' : due ? 'unlockable' : 'locked';

  const unlock = async () => {
    setBusy(true);
    try {
      const answer = await earnApi.unlock(lock.id);
      setBalance(answer.balance);
      await reload();
    } catch {
      // the client's dialog told the player
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className={`lock lock--${status}`} data-testid="lock" data-lock-id={lock.id}>
      <div className="lock__head">
        <span className="lock__amount">
          <Amount value={lock.amount} size={20} />
        </span>
        <span className={`badge lock__status lock__status--${status}`}>
          {t(`earn.lock_status_${status}`)}
        </span>
      </div>
      <p className="muted lock__terms">
        {t('earn.lock_terms', {
          count: lock.days,
          rate: formatPercent(lock.rate, i18n.language),
        })}
      </p>
      <TermBar
        value={progress}
        label={t('earn.lock_progress', { percent: Math.round(progress * 100) })}
      />
      <div className="lock__dates muted">
        <span>{formatDate(lock.starts_at, i18n.language)}</span>
        <span>
          {done || due ? (
            formatDate(lock.unlocked_at ?? lock.ends_at, i18n.language)
          ) : (
            <>
              {t('earn.unlocks_in')} <Countdown until={lock.ends_at} now={now} />
            </>
          )}
        </span>
      </div>
      <div className="lock__foot">
        <span>
          {t(done ? 'earn.reward_paid' : 'earn.reward')}:{' '}
          <span data-testid="lock-reward">
            <Amount value={lock.reward} />
          </span>
          {!done ? (
            <span className="muted">
              {' '}
              ({t('earn.reward_so_far', { amount: formatBalance(lock.reward_accrued) })})
            </span>
          ) : null}
        </span>
        {due ? (
          <Button nativeType="button" loading={busy} onClick={() => void unlock()}>
            {t('earn.unlock')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
