import { useTranslation } from 'react-i18next';
import './lobby.css';

/**
 * What sets the site apart, on top of the lobby: every bet can be checked by the player. "How to
 * verify" opens the steps in place (docs/fairness.md has the algorithm).
 */
export function OriginalsBanner() {
  const { t } = useTranslation();
  return (
    <section className="originals" aria-labelledby="originals-title">
      <h1 id="originals-title">{t('home.heading')}</h1>
      <p className="originals__lead">{t('lobby.originals_lead')}</p>
      <ul className="originals__points">
        <li>{t('lobby.point_hashed')}</li>
        <li>{t('lobby.point_yours')}</li>
        <li>{t('lobby.point_verify')}</li>
      </ul>
      <details className="originals__how" id="how-to-verify">
        <summary>{t('lobby.how_title')}</summary>
        <ol>
          <li>{t('lobby.how_commit')}</li>
          <li>{t('lobby.how_play')}</li>
          <li>{t('lobby.how_rotate')}</li>
          <li>{t('lobby.how_check')}</li>
        </ol>
      </details>
    </section>
  );
}
