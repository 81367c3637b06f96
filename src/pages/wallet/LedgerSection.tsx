import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  walletApi,
  type BalanceHistory,
  type LedgerFilter,
  type WalletLedgerPage,
} from '../../api/wallet';
import { Button } from '../../components/Button';
import { DayInput } from '../../components/DayInput';
import { EmptyState } from '../../components/EmptyState';
import { LazyFairnessDialog as FairnessDialog } from '../../components/fairness/LazyFairnessDialog';
import { Money } from './Money';
import { dayBound, formatDateTime, reasonLabel } from './walletFormat';

const BalanceChart = lazy(() => import('./BalanceChart'));

const LEDGER_PAGE_SIZE = 25;

/** The filter form's fields: a reason and two ISO days ('2026-12-31', or '' for none). */
interface FilterFields {
  reason: string;
  fromDay: string;
  toDay: string;
}

const NO_FILTER: FilterFields = { reason: '', fromDay: '', toDay: '' };

const toQuery = (fields: FilterFields): LedgerFilter => ({
  reason: fields.reason,
  from: dayBound(fields.fromDay, false),
  to: dayBound(fields.toDay, true),
});

/** The ledger as a filtered, paged table with its totals, a CSV export and the balance chart. */
export function LedgerSection({ version }: { version: number }) {
  const { t, i18n } = useTranslation();
  const ids = { reason: useId(), from: useId(), to: useId() };
  const [fields, setFields] = useState<FilterFields>(NO_FILTER);
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<WalletLedgerPage | null>(null);
  const [history, setHistory] = useState<BalanceHistory | null>(null);
  const [exporting, setExporting] = useState(false);
  const [openBet, setOpenBet] = useState<{ id: number; game: string } | null>(null);

  const query = toQuery(fields);
  const queryKey = JSON.stringify(query);

  useEffect(() => {
    let live = true;
    const filter = JSON.parse(queryKey) as LedgerFilter;
    walletApi
      .ledger(filter, page, LEDGER_PAGE_SIZE)
      .then((next) => live && setAnswer(next))
      .catch(() => live && setAnswer(null));
    return () => {
      live = false;
    };
  }, [queryKey, page, version]);

  useEffect(() => {
    let live = true;
    const filter = JSON.parse(queryKey) as LedgerFilter;
    walletApi
      .balanceHistory(filter)
      .then((next) => live && setHistory(next))
      .catch(() => live && setHistory(null));
    return () => {
      live = false;
    };
  }, [queryKey, version]);

  const change = useCallback((patch: Partial<FilterFields>) => {
    setFields((current) => ({ ...current, ...patch }));
    setPage(1);
  }, []);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const csv = await walletApi.ledgerCsv(query);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `ledger-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      // the client showed the error dialog
    } finally {
      setExporting(false);
    }
  };

  const reasons = answer?.reasons ?? [];
  const lastPage = answer?.last_page ?? 1;
  const filtered = fields.reason !== '' || fields.fromDay !== '' || fields.toDay !== '';

  return (
    <>
      <section className="card wallet-ledger" aria-labelledby="wallet-ledger-title">
        <div className="wallet-ledger__head">
          <h2 id="wallet-ledger-title">{t('wallet.ledger.title')}</h2>
          <Button
            type="secondary"
            nativeType="button"
            loading={exporting}
            onClick={() => void exportCsv()}
          >
            {t('wallet.ledger.export')}
          </Button>
        </div>

        <form
          className="wallet-filters"
          aria-label={t('wallet.ledger.filters')}
          onSubmit={(event) => event.preventDefault()}
        >
          <div className="field">
            <label htmlFor={ids.reason}>{t('wallet.ledger.reason')}</label>
            <select
              id={ids.reason}
              name="reason"
              value={fields.reason}
              onChange={(event) => change({ reason: event.target.value })}
            >
              <option value="">{t('wallet.ledger.all_reasons')}</option>
              {reasons.map((reason) => (
                <option key={reason} value={reason}>
                  {reasonLabel(t, reason)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.from}>{t('wallet.ledger.from')}</label>
            <DayInput
              id={ids.from}
              name="from"
              value={fields.fromDay}
              onChange={(fromDay) => change({ fromDay })}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.to}>{t('wallet.ledger.to')}</label>
            <DayInput
              id={ids.to}
              name="to"
              value={fields.toDay}
              onChange={(toDay) => change({ toDay })}
            />
          </div>
          {filtered ? (
            <div className="wallet-filters__clear">
              <Button type="link" nativeType="button" onClick={() => change(NO_FILTER)}>
                {t('wallet.ledger.clear')}
              </Button>
            </div>
          ) : null}
        </form>

        {answer ? (
          <dl className="wallet-totals" data-ledger-totals>
            <div>
              <dt>{t('wallet.ledger.money_in')}</dt>
              <dd>
                <Money value={answer.totals.in} />
              </dd>
            </div>
            <div>
              <dt>{t('wallet.ledger.money_out')}</dt>
              <dd>
                <Money value={answer.totals.out} />
              </dd>
            </div>
            <div>
              <dt>{t('wallet.ledger.net')}</dt>
              <dd>
                <Money value={answer.totals.net} signed />
              </dd>
            </div>
            <div>
              <dt className="visually-hidden">{t('wallet.ledger.title')}</dt>
              <dd className="muted">{t('wallet.ledger.entries', { count: answer.total })}</dd>
            </div>
          </dl>
        ) : null}

        {answer && answer.data.length === 0 ? (
          <EmptyState title={t('wallet.ledger.empty')} />
        ) : answer ? (
          <table className="table wallet-table" data-ledger-table>
            <thead>
              <tr>
                <th scope="col">{t('wallet.ledger.date')}</th>
                <th scope="col">{t('wallet.ledger.reason')}</th>
                <th scope="col">{t('wallet.ledger.bet')}</th>
                <th scope="col" className="wallet-table__number">
                  {t('wallet.ledger.change')}
                </th>
                <th scope="col" className="wallet-table__number">
                  {t('wallet.ledger.balance_after')}
                </th>
              </tr>
            </thead>
            <tbody>
              {answer.data.map((entry) => (
                <tr key={entry.id} data-ledger-row={entry.id} data-reason={entry.reason}>
                  <td className="wallet-table__date">
                    <time dateTime={entry.created_at}>
                      {formatDateTime(entry.created_at, i18n.language)}
                    </time>
                  </td>
                  <td className="wallet-table__reason">{reasonLabel(t, entry.reason)}</td>
                  <td className="wallet-table__bet">
                    {entry.bet ? (
                      <button
                        type="button"
                        className="wallet-table__bet-link"
                        onClick={() => setOpenBet(entry.bet)}
                      >
                        {t('wallet.ledger.bet_link', { id: entry.bet.id })}
                      </button>
                    ) : null}
                  </td>
                  <td className="wallet-table__number" data-label={t('wallet.ledger.change')}>
                    <Money value={entry.delta} signed />
                  </td>
                  <td
                    className="wallet-table__number wallet-table__after"
                    data-label={t('wallet.ledger.balance_after')}
                  >
                    <Money value={entry.balance_after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}

        {answer && lastPage > 1 ? (
          <nav className="wallet-pager" aria-label={t('wallet.ledger.pages')}>
            <Button
              type="secondary"
              nativeType="button"
              disabled={page <= 1}
              onClick={() => setPage((p) => Math.max(1, p - 1))}
            >
              {t('wallet.ledger.previous')}
            </Button>
            <span className="wallet-pager__status" aria-live="polite">
              {t('wallet.ledger.page_of', { page, pages: lastPage })}
            </span>
            <Button
              type="secondary"
              nativeType="button"
              disabled={page >= lastPage}
              onClick={() => setPage((p) => Math.min(lastPage, p + 1))}
            >
              {t('wallet.ledger.next')}
            </Button>
          </nav>
        ) : null}
      </section>

      <section className="card wallet-chart" aria-labelledby="wallet-chart-title">
        <h2 id="wallet-chart-title">{t('wallet.chart.title')}</h2>
        {history && history.points.length > 1 ? (
          <Suspense fallback={<div className="wallet-chart__placeholder" />}>
            <BalanceChart history={history} />
            {history.total > history.points.length ? (
              <p className="muted">
                {t('wallet.chart.sampled', {
                  shown: history.points.length,
                  total: history.total,
                })}
              </p>
            ) : null}
          </Suspense>
        ) : (
          <p className="muted">{t('wallet.chart.empty')}</p>
        )}
      </section>

      {openBet ? (
        <Suspense fallback={null}>
          <FairnessDialog betId={openBet.id} game={openBet.game} onClose={() => setOpenBet(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
