import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatAmountInput,
  parseAmountCents,
  unitsToCents,
} from '../../../../games/shared/format/amount';
import { formatAmount } from '../../../../games/shared/format/formats';
import {
  LIMIT_PERIODS,
  responsiblePlayApi,
  type LimitKind,
  type LimitPeriod,
  type Limits,
  type PeriodAmounts,
} from '../../../api/responsiblePlay';
import { Button } from '../../../components/Button';
import { Field } from '../../../components/Field';
import { FormAlert } from '../../../components/FormAlert';
import { useForm } from '../../../components/useForm';
import { playTime } from '../../../components/playFormat';

const slot = (kind: LimitKind, period: LimitPeriod) => `${kind}.${period}`;

/** The form's text of every limit shown: '' for none. */
function valuesOf(limits: Limits, kinds: readonly LimitKind[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const kind of kinds) {
    for (const period of LIMIT_PERIODS) {
      const amount = limits[kind][period];
      values[slot(kind, period)] = amount === null ? '' : formatAmountInput(unitsToCents(amount));
    }
  }
  return values;
}

/** '' is no limit, '12,50' or '12.5' an amount; anything else goes as typed (the server says why). */
function amountOf(text: string): number | null | string {
  if (text.trim() === '') return null;
  const cents = parseAmountCents(text);
  return cents === null ? text.trim() : cents / 100;
}

/**
 * The player's loss and wager limits (and deposit limits when the wallet takes real money), per
 * rolling day, week and month: each with what is used of it, when that frees up, and a raise or
 * removal waiting for its time.
 */
export function LimitsForm({ initial, kinds }: { initial: Limits; kinds: readonly LimitKind[] }) {
  const { t, i18n } = useTranslation();
  const [limits, setLimits] = useState(initial);
  const form = useForm(valuesOf(initial, kinds));
  const [status, setStatus] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const body: Partial<Record<LimitKind, Partial<PeriodAmounts>>> = {};
    for (const kind of kinds) {
      body[kind] = Object.fromEntries(
        LIMIT_PERIODS.map((period) => [period, amountOf(form.values[slot(kind, period)] ?? '')]),
      ) as PeriodAmounts;
    }
    const answer = await form.submit(() => responsiblePlayApi.setLimits(body));
    if (!answer) return;
    setLimits(answer);
    form.setValues(valuesOf(answer, kinds));
    setStatus(t(answer.pending.length > 0 ? 'play.limits_saved_pending' : 'play.limits_saved'));
  };

  const pendingOf = (kind: LimitKind, period: LimitPeriod) =>
    limits.pending.find((p) => p.kind === kind && p.period === period);

  return (
    <form className="play-limits" onSubmit={(e) => void onSubmit(e)} noValidate>
      <FormAlert text={status} kind="success" />
      <FormAlert text={form.alert} />
      {kinds.map((kind) => (
        <fieldset key={kind} className="play-limits__kind" data-limit-kind={kind}>
          <legend>{t(`play.kind_${kind}`)}</legend>
          <div className="play-limits__periods">
            {LIMIT_PERIODS.map((period) => {
              const used = limits.used[kind][period];
              const pending = pendingOf(kind, period);
              return (
                <div key={period} className="play-limits__slot" data-limit={slot(kind, period)}>
                  <Field
                    label={t(`play.period_${period}`)}
                    {...form.bind(slot(kind, period))}
                    inputMode="decimal"
                    placeholder={t('play.no_limit')}
                    autoComplete="off"
                  />
                  <p className="play-limits__note muted" data-used={used.amount}>
                    {t('play.used', { amount: formatAmount(used.amount) })}
                    {used.frees_at && used.amount > 0
                      ? ` · ${t('play.frees_from', { time: playTime(used.frees_at, i18n.language) })}`
                      : null}
                  </p>
                  {pending ? (
                    <p className="play-limits__note play-limits__pending" data-pending>
                      {pending.amount === null
                        ? t('play.pending_removal', { time: playTime(pending.from, i18n.language) })
                        : t('play.pending_raise', {
                            amount: formatAmount(pending.amount),
                            time: playTime(pending.from, i18n.language),
                          })}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
      <Button loading={form.busy}>{t('play.save_limits')}</Button>
    </form>
  );
}
