import type { CSSProperties } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { gamePath, gameTitleKey } from '../../../games/shared/registry/catalog';
import type { GameDefinition } from '../../../games/shared/registry/definition';
import { lobbyArtOf, lobbyRtpOf } from '../../../games/shared/registry/lobbyTile';
import { prefetchGame } from '../../app/prefetch';
import type { StaticKey } from '../../i18n';
import './lobby.css';
import { formatPercent } from '../../../games/shared/format/formats';

/** The badge each lobby status wears ('open' wears none). */
const BADGE_KEYS: Partial<Record<GameDefinition['status'], StaticKey>> = {
  new: 'lobby.badge_new',
  live: 'lobby.badge_live',
  soon: 'lobby.badge_soon',
};

/** "99.00%" in the current locale. */
export function formatRtp(rtp: number, locale: string): string {
  return formatPercent(rtp, locale);
}

/**
 * A game's lobby tile: its art (rendered from its own scene), name, RTP and badge. A link only;
 * pointing at it, touching or focusing it loads the game's scene and panel ahead.
 */
export function GameTile({ game, eager = false }: { game: GameDefinition; eager?: boolean }) {
  const { t, i18n } = useTranslation();
  const rtp = lobbyRtpOf(game);
  const art = lobbyArtOf(game);
  const badge = BADGE_KEYS[game.status];
  const name = t(gameTitleKey(game) as StaticKey);
  return (
    <Link
      href={gamePath(game)}
      className="game-tile"
      data-game={game.id}
      data-status={game.status}
      style={{ '--tile-a': game.tile[0], '--tile-b': game.tile[1] } as CSSProperties}
      onPointerEnter={() => prefetchGame(game.id)}
      onTouchStart={() => prefetchGame(game.id)}
      onFocus={() => prefetchGame(game.id)}
    >
      <span className="game-tile__art">
        {art ? (
          <img
            src={art}
            alt=""
            width={480}
            height={360}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <span className="game-tile__monogram" aria-hidden="true">
            {name.slice(0, 1)}
          </span>
        )}
        {badge ? (
          <span className={`game-tile__badge game-tile__badge--${game.status}`}>{t(badge)}</span>
        ) : null}
      </span>
      <span className="game-tile__info">
        <span className="game-tile__name">{name}</span>
        <span className="game-tile__rtp" data-testid="tile-rtp">
          {rtp === null ? '\u00a0' : t('lobby.rtp', { value: formatRtp(rtp, i18n.language) })}
        </span>
      </span>
    </Link>
  );
}
