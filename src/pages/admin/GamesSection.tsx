import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { gameById, gameTitleKey } from '../../../games/shared/registry/catalog';
import { statsApi, type GameStatsPage } from '../../api/admin';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { GamesCharts } from './GamesCharts';
import { FormAlert } from '../../components/FormAlert';
import { formatBalance } from '../../components/format';
import { useForm } from '../../components/useForm';
import type { StaticKey } from '../../i18n';

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/**
 * Per game over a period: bets, players, wagered, paid, GGR, and the observed RTP beside the
 * theory with its 99% interval; a game whose theory falls outside it is flagged.
 */
export function GamesSection() {
  const { t } = useTranslation();
  const form = useForm({ from: '', to: '' });
  const [page, setPage] = useState<GameStatsPage | null>(null);

  // The default period (the last 30 days) once; the form asks for another.
  useEffect(() => {
    void statsApi.stats('', '').then(setPage);
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await form.submit((v) => statsApi.stats(v.from, v.to));
    if (answer) setPage(answer);
  };

  const title = (id: string) => {
    const entry = gameById(id);
    return entry ? t(gameTitleKey(entry) as StaticKey) : id;
  };

  return (
    <section className="card" data-admin="games">
      <h2>{t('admin.games')}</h2>
      <form className="admin-period" onSubmit={(e) => void onSubmit(e)}>
        <FormAlert text={form.alert} />
        <Field label={t('admin.from')} type="date" {...form.bind('from')} />
        <Field label={t('admin.to')} type="date" {...form.bind('to')} />
        <Button loading={form.busy}>{t('admin.show')}</Button>
      </form>
      {page ? (
        <>
          <p className="admin-muted">{t('admin.period', { from: page.from, to: page.to })}</p>
          {page.games.length === 0 ? <p className="admin-muted">{t('admin.no_bets')}</p> : null}
          <div className="admin-scroll">
            <table className="table table--labelled admin-games">
              <thead>
                <tr>
                  <th>{t('admin.game')}</th>
                  <th>{t('admin.bets')}</th>
                  <th>{t('admin.players')}</th>
                  <th>{t('admin.wagered')}</th>
                  <th>{t('admin.paid')}</th>
                  <th>{t('admin.ggr')}</th>
                  <th>{t('admin.rtp')}</th>
                </tr>
              </thead>
              <tbody>
                {page.games.map((row) => (
                  <tr
                    key={row.game}
                    data-game={row.game}
                    data-flagged={row.rtp?.flagged || undefined}
                  >
                    <td data-label={t('admin.game')}>{title(row.game)}</td>
                    <td data-label={t('admin.bets')} className="table__amount">
                      {row.bets}
                    </td>
                    <td data-label={t('admin.players')} className="table__amount">
                      {row.players}
                    </td>
                    <td data-label={t('admin.wagered')} className="table__amount">
                      {formatBalance(row.wagered)}
                    </td>
                    <td data-label={t('admin.paid')} className="table__amount">
                      {formatBalance(row.paid)}
                    </td>
                    <td data-label={t('admin.ggr')} className="table__amount">
                      {formatBalance(row.ggr)}
                    </td>
                    <td data-label={t('admin.rtp')} className="table__wide">
                      {row.rtp ? (
                        <span className={row.rtp.flagged ? 'admin-bad' : ''}>
                          {row.rtp.judged
                            ? t('admin.rtp_check', {
                                observed: percent(row.rtp.observed),
                                theoretical: percent(row.rtp.theoretical),
                                low: percent(row.rtp.low),
                                high: percent(row.rtp.high),
                              })
                            : t('admin.rtp_unjudged', {
                                observed: percent(row.rtp.observed),
                                theoretical: percent(row.rtp.theoretical),
                              })}
                          {row.rtp.flagged ? (
                            <span className="badge badge--danger">{t('admin.flagged')}</span>
                          ) : null}
                        </span>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <GamesCharts page={page} title={title} />
        </>
      ) : null}
    </section>
  );
}
