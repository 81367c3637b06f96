import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { giveawaysApi, type Giveaway, type NewGiveaway } from '../../api/giveaways';
import { Button } from '../../components/Button';
import { CurrencyIcon } from '../../components/CurrencyIcon';
import { Field } from '../../components/Field';
import { formatBalance } from '../../components/format';
import { FormAlert } from '../../components/FormAlert';
import { useForm } from '../../components/useForm';
import { dateTime } from './format';

/** A moment as a datetime-local input's value (local time, minutes). */
function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/** A datetime-local value as ISO 8601 (the server checks it), or the text as typed. */
function isoOf(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

const blank = () => ({
  title: '',
  prize: '',
  winners_count: '1',
  starts_at: '',
  ends_at: localInput(Date.now() + 24 * 3_600_000),
  min_wagered: '',
});

/** Giveaways from the console: create one (the server draws and pays it at the end), list them. */
export function GiveawaysSection({ onChanged }: { onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const form = useForm(blank());
  const [list, setList] = useState<Giveaway[]>([]);
  const load = useCallback(() => giveawaysApi.list().then(setList), []);
  useEffect(() => {
    void load();
  }, [load]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await form.submit((v) => {
      const body: NewGiveaway = {
        title: v.title,
        prize: Number(v.prize),
        winners_count: Number(v.winners_count),
        ends_at: isoOf(v.ends_at),
      };
      if (v.starts_at) body.starts_at = isoOf(v.starts_at);
      if (v.min_wagered.trim()) body.min_wagered = Number(v.min_wagered);
      return giveawaysApi.create(body);
    });
    if (done === null) return;
    form.setValues(blank());
    await load();
    onChanged();
  };

  return (
    <section className="card" data-admin="giveaways">
      <h2>{t('admin.giveaways')}</h2>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormAlert text={form.alert} />
        <Field label={t('admin.giveaway_title')} maxLength={255} {...form.bind('title')} />
        <Field label={t('admin.giveaway_prize')} inputMode="decimal" {...form.bind('prize')} />
        <Field
          label={t('admin.giveaway_winners')}
          type="number"
          min={1}
          {...form.bind('winners_count')}
        />
        <Field
          label={t('admin.giveaway_starts')}
          type="datetime-local"
          {...form.bind('starts_at')}
        />
        <Field label={t('admin.giveaway_ends')} type="datetime-local" {...form.bind('ends_at')} />
        <Field
          label={t('admin.giveaway_min_wagered')}
          inputMode="decimal"
          {...form.bind('min_wagered')}
        />
        <Button loading={form.busy}>{t('admin.giveaway_create')}</Button>
      </form>
      {list.length === 0 ? <p className="admin-muted">{t('admin.giveaway_none')}</p> : null}
      <ul className="admin-posts">
        {list.map((g) => (
          <li key={g.id} data-giveaway={g.id} data-status={g.status}>
            <div>
              <strong>{g.title}</strong>
              <span className="badge badge--ok">{t(`giveaways.status.${g.status}`)}</span>
              <div className="admin-muted">
                {formatBalance(g.prize)} <CurrencyIcon size={12} /> ·{' '}
                {t('giveaways.shared_by', { count: g.winners_count })} ·{' '}
                {t('admin.giveaway_entrants', { count: g.entrants_count })}
              </div>
              <div className="admin-muted">
                {dateTime(g.starts_at, i18n.language)} – {dateTime(g.ends_at, i18n.language)}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
