import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi, type BooksReport } from '../../api/admin';
import { Button } from '../../components/Button';

/** The books audit on demand: balances against the ledger, every bet against its lines. */
export function BooksSection() {
  const { t } = useTranslation();
  const [report, setReport] = useState<BooksReport | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      setReport(await adminApi.audit());
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" data-admin="books">
      <h2>{t('admin.books')}</h2>
      <p className="admin-muted">{t('admin.books_hint')}</p>
      <Button nativeType="button" type="secondary" loading={busy} onClick={() => void run()}>
        {t('admin.run_audit')}
      </Button>
      {report ? (
        <div role="status" className="admin-books__result" data-problems={report.problems.length}>
          <p className={report.problems.length ? 'admin-bad' : 'admin-good'}>
            {report.problems.length
              ? t('admin.problems', { n: report.problems.length })
              : t('admin.balanced')}{' '}
            {t('admin.audit_scope', {
              users: report.users,
              bets: report.bets,
              rows: report.ledger_rows,
              ms: report.ms,
            })}
          </p>
          {report.problems.length ? (
            <div className="admin-scroll">
              <table className="table">
                <tbody>
                  {report.problems.map((problem, i) => (
                    <tr key={i}>
                      <td>{problem.kind}</td>
                      <td>#{problem.user_id}</td>
                      <td>{problem.bet_id === null ? '' : `bet ${problem.bet_id}`}</td>
                      <td>
                        {t('admin.expected_found', {
                          expected: problem.expected,
                          found: problem.found,
                        })}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
