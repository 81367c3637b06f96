import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionsSection } from './admin/ActionsSection';
import { AdjustBalanceForm } from './admin/AdjustBalanceForm';
import { BooksSection } from './admin/BooksSection';
import { ChainSection } from './admin/ChainSection';
import { GamesSection } from './admin/GamesSection';
import { GiveawaysSection } from './admin/GiveawaysSection';
import { PlayerPanel } from './admin/PlayerPanel';
import { PlayersSection } from './admin/PlayersSection';
import { PostsSection } from './admin/PostsSection';

/**
 * The operator console (admin role only): each game's figures and RTP against its theory, find a
 * player and act on them, adjust a balance, audit the books, watch the on-chain wallet and approve
 * its withdrawals, and read the audit log.
 */
export default function AdminPage() {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<number | null>(null);
  // Bumped after every action, so the log and the player's page show it at once.
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);

  return (
    <main className="page admin-page" data-screen="admin">
      <h1>{t('admin.title')}</h1>
      <div className="admin-page__grid">
        <div className="admin-page__players">
          <PlayersSection onSelect={setSelected} />
        </div>
        {selected !== null ? (
          <div className="admin-page__player">
            <PlayerPanel key={`${selected}-${version}`} userId={selected} onChanged={changed} />
          </div>
        ) : null}
        <div className="admin-page__tools">
          <AdjustBalanceForm key={selected ?? 'none'} userId={selected} onDone={changed} />
          <BooksSection />
          <PostsSection onChanged={changed} />
          <GiveawaysSection onChanged={changed} />
        </div>
        <div className="admin-page__games">
          <GamesSection />
        </div>
        <div className="admin-page__chain">
          <ChainSection onChanged={changed} />
        </div>
        <div className="admin-page__log">
          <ActionsSection version={version} />
        </div>
      </div>
    </main>
  );
}
