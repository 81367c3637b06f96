import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PLAYABLE_GAMES, gameTitleKey, playableGame } from '../../../games/shared/registry/catalog';
import type { PlayableGame } from '../../../games/shared/registry/definition';
import type { ScreenProps } from '../../app/routes';
import type { StaticKey } from '../../i18n';
import NotFoundPage from '../NotFoundPage';
import { LabScene } from './lab/LabScene';
import { OutcomeControls } from './lab/OutcomeControls';
import { PlaybackControls } from './lab/PlaybackControls';
import { RecordedBetPanel } from './lab/RecordedBetPanel';
import { useLabClock } from './lab/useLabClock';
import { useLabRun } from './lab/useLabRun';
import './sceneLab.css';

/**
 * The scene lab, `/lab/<game>` (development builds and ?debug only): the game's scene with the
 * debug overlay's tuning panel, the outcome controls its lab adapter (games/<id>/lab.ts) offers,
 * play / replay / speed / pause / step, and a recorded bet replayed beside its recorded result.
 */
export default function SceneLabPage({ params, search }: ScreenProps) {
  const game = playableGame(params.game ?? '');
  if (!game) return <NotFoundPage />;
  return <SceneLab key={game.id} game={game} search={search} />;
}

function SceneLab({ game, search }: { game: PlayableGame; search: string }) {
  const { t } = useTranslation();
  const lab = useLabRun(game);
  const clock = useLabClock();
  const { run, begun, state, shown, expected } = lab;

  return (
    <main
      className="page scene-lab"
      data-screen="scene-lab"
      data-game={game.id}
      data-lab-state={state}
      data-lab-run={run?.n ?? 0}
      data-lab-begun={begun}
      data-lab-shown={shown ? JSON.stringify(shown) : undefined}
      data-lab-expected={expected ? JSON.stringify(expected) : undefined}
    >
      <header className="scene-lab__header">
        <h1>
          {t('dev.lab.title')}: {t(gameTitleKey(game) as StaticKey)}
        </h1>
        <nav className="scene-lab__games" aria-label={t('dev.lab.games')}>
          {PLAYABLE_GAMES.map((other) => (
            <Link
              key={other.id}
              href={`/lab/${other.id}${search}`}
              aria-current={other.id === game.id ? 'page' : undefined}
            >
              {t(gameTitleKey(other) as StaticKey)}
            </Link>
          ))}
        </nav>
        <p className="muted">{t('dev.lab.intro')}</p>
      </header>
      <div className="scene-lab__body">
        <section className="scene-lab__controls" aria-label={t('dev.lab.outcome')}>
          <h2>{t('dev.lab.outcome')}</h2>
          <OutcomeControls controls={lab.controls} pick={lab.pick} onChange={lab.change} />
          <PlaybackControls lab={lab} clock={clock} />
        </section>
        <LabScene
          gameId={game.id}
          state={state}
          run={run?.n ?? 0}
          expected={expected}
          shown={shown}
          onShown={lab.sceneShown}
          onError={lab.sceneFailed}
        />
        <RecordedBetPanel
          gameId={game.id}
          search={search}
          ready={lab.adapter !== null}
          onReplay={lab.replayBet}
        />
      </div>
    </main>
  );
}
