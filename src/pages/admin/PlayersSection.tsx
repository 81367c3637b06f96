import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi, type AdminPlayer } from '../../api/admin';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { formatBalance } from '../../components/format';

/** Finds players by id, e-mail or name; choosing one opens their page beside the list. */
export function PlayersSection({ onSelect }: { onSelect: (userId: number) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<AdminPlayer[] | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      setFound(await adminApi.players(search));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card admin-players" data-admin="players">
      <h2>{t('admin.players')}</h2>
      <form className="admin-players__search" onSubmit={(e) => void onSubmit(e)} role="search">
        <Field label={t('admin.search')} name="search" value={search} onChange={setSearch} />
        <Button loading={busy}>{t('admin.search_button')}</Button>
      </form>
      {found === null ? null : found.length === 0 ? (
        <p className="admin-muted">{t('admin.no_players')}</p>
      ) : (
        <ul className="admin-players__list">
          {found.map((player) => (
            <li key={player.id}>
              <button
                type="button"
                className="admin-players__item"
                data-player={player.id}
                onClick={() => onSelect(player.id)}
              >
                <span className="admin-players__name">
                  #{player.id} {player.name}
                  {player.suspended_at ? (
                    <span className="badge badge--danger">{t('admin.suspended')}</span>
                  ) : null}
                </span>
                <span className="admin-muted">{player.email}</span>
                <span className="admin-players__balance">{formatBalance(player.balance)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
