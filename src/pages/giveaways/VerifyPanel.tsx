import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hashServerSeed } from '../../../games/fairness';
import { drawGiveaway } from '../../../games/fairness/giveaway';
import { giveawaysApi, type Giveaway, type GiveawayDetail } from '../../api/giveaways';

/** Whether the revealed seed, the entrants and the listed winners agree with the draw rules. */
function checks(detail: GiveawayDetail) {
  if (detail.server_seed === null || detail.entrants === null || detail.draw === null) return null;
  const recomputed = drawGiveaway({
    serverSeed: detail.server_seed,
    giveawayId: detail.id,
    entrants: detail.entrants.length,
    winnersCount: detail.winners_count,
    prizeCents: Math.round(detail.prize * 100),
  });
  return {
    hash: hashServerSeed(detail.server_seed) === detail.server_seed_hash,
    draw:
      recomputed.positions.length === detail.draw.length &&
      recomputed.positions.every((p, i) => detail.draw![i]?.position === p),
  };
}

/**
 * The "Verify" disclosure: the committed hash before the draw; after it the revealed seed, the
 * entrants in entry order and the draw recomputed here in the browser by the server's own code.
 */
export function VerifyPanel({ giveaway }: { giveaway: Giveaway }) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<GiveawayDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const drawn = giveaway.status === 'ended';

  const load = () => {
    if (!drawn || detail) return;
    giveawaysApi.detail(giveaway.id).then(setDetail, () => setFailed(true));
  };
  const result = detail ? checks(detail) : null;
  const hidden = t('giveaways.hidden');

  return (
    <details className="gw-verify" onToggle={(e) => e.currentTarget.open && load()}>
      <summary>{t('giveaways.verify')}</summary>
      <dl className="gw-verify__facts">
        <dt>{t('giveaways.seed_hash')}</dt>
        <dd>
          <code>{giveaway.server_seed_hash}</code>
        </dd>
        {drawn && detail?.server_seed ? (
          <>
            <dt>{t('giveaways.server_seed')}</dt>
            <dd>
              <code data-testid="server-seed">{detail.server_seed}</code>
            </dd>
          </>
        ) : null}
      </dl>
      {!drawn ? <p className="muted">{t('giveaways.seed_later')}</p> : null}
      {failed ? <p className="gw-verify__bad">{t('giveaways.verify_failed')}</p> : null}
      {detail?.entrants ? (
        <>
          <h4>{t('giveaways.entrants_order')}</h4>
          {detail.entrants.length ? (
            <ol
              className="gw-verify__entrants"
              start={0}
              tabIndex={0}
              aria-label={t('giveaways.entrants_order')}
            >
              {detail.entrants.map((e) => (
                <li key={e.position}>{e.name ?? hidden}</li>
              ))}
            </ol>
          ) : (
            <p className="muted">{t('giveaways.no_entrants')}</p>
          )}
        </>
      ) : null}
      {result ? (
        <ul className="gw-verify__checks" data-testid="verify-checks">
          <li className={result.hash ? 'gw-ok' : 'gw-verify__bad'}>
            {result.hash ? t('giveaways.check_hash_ok') : t('giveaways.check_hash_bad')}
          </li>
          <li className={result.draw ? 'gw-ok' : 'gw-verify__bad'}>
            {result.draw ? t('giveaways.check_draw_ok') : t('giveaways.check_draw_bad')}
          </li>
        </ul>
      ) : null}
      <p className="gw-verify__how">{t('giveaways.how_to', { id: giveaway.id })}</p>
    </details>
  );
}
