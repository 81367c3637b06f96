import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { getEngine, type Engine } from '../../../engine';
import {
  fitPick,
  roundOfBet,
  type LabBet,
  type LabControl,
  type LabGame,
  type LabPick,
  type LabRound,
} from '../../../games/shared/lab/adapter';
import { labOf } from '../../../games/shared/lab/labModules';
import { PLAYABLE_GAMES, gameTitleKey, playableGame } from '../../../games/shared/registry/catalog';
import { registerGameScene } from '../../../games/shared/scene/registerScene';
import { errorStatus } from '../../api/client';
import { gameRequest } from '../../app/gameServices';
import type { ScreenProps } from '../../app/routes';
import type { StaticKey } from '../../i18n';
import { GameView } from '../../components/GameView';
import { authState } from '../../state/auth';
import NotFoundPage from '../NotFoundPage';
import { startStage, type RunningStage } from './labStage';
import './sceneLab.css';

type LabState = 'loading' | 'ready' | 'playing' | 'ended' | 'failed';

/** One play of a round: a fresh visit of the scene (the GameView's key). */
interface Run {
  n: number;
  round: LabRound;
  /** The recorded bet it replays, if any. */
  betId: number | null;
}

const SPEEDS = { min: 0.1, max: 2, step: 0.1 };

const STATUS = {
  loading: 'dev.lab.status_ready',
  ready: 'dev.lab.status_ready',
  playing: 'dev.lab.status_playing',
  ended: 'dev.lab.status_ended',
  failed: 'dev.lab.status_failed',
} as const;

const json = (value: unknown) => JSON.stringify(value);

/**
 * The scene lab, `/lab/<game>` (development builds and ?debug only): the game's scene with the
 * debug overlay's tuning panel, the outcome controls its lab adapter (games/<id>/lab.ts) offers,
 * play / replay / speed / pause / step, and a recorded bet replayed beside its recorded result.
 */
export default function SceneLabPage({ params, search }: ScreenProps) {
  const game = playableGame(params.game ?? '');
  if (!game) return <NotFoundPage />;
  return <SceneLab key={game.id} gameId={game.id} search={search} />;
}

function SceneLab({ gameId, search }: { gameId: string; search: string }) {
  const { t } = useTranslation();
  const tr = useCallback((key: string): string => t(key as StaticKey), [t]);
  const game = playableGame(gameId)!;
  const { user } = useSnapshot(authState);
  const [adapter, setAdapter] = useState<LabGame | null>(null);
  const [pick, setPick] = useState<LabPick>({});
  const [run, setRun] = useState<Run | null>(null);
  const [state, setState] = useState<LabState>('loading');
  /** The run whose play has begun in the shown scene (its actions apply from then on). */
  const [begun, setBegun] = useState(0);
  const [shown, setShown] = useState<Record<string, unknown> | null>(null);
  const [speed, setSpeed] = useState(1);
  const [paused, setPaused] = useState(false);
  const [betText, setBetText] = useState(() => new URLSearchParams(search).get('bet') ?? '');
  const [bet, setBet] = useState<LabBet | null>(null);
  const [betIssue, setBetIssue] = useState<'missing' | 'refused' | null>(null);
  const stage = useRef<RunningStage | null>(null);
  const runRef = useRef<Run | null>(null);
  runRef.current = run;

  registerGameScene(game); // idempotent

  useEffect(() => {
    let active = true;
    labOf(gameId).then(
      (lab) => {
        if (!active) return;
        setAdapter(lab);
        setPick(fitPick(lab.controls(lab.initial), lab.initial));
      },
      () => active && setState('failed'),
    );
    // The tuning panel: the engine's debug overlay (?debug opens it too).
    void getEngine().openDebug();
    return () => {
      active = false;
    };
  }, [gameId]);

  // The engine's clock is the page's while it is shown: back to normal when it goes.
  useEffect(() => getEngine().setTimeScale(speed), [speed]);
  useEffect(() => getEngine().pause(paused), [paused]);
  useEffect(
    () => () => {
      stage.current?.stop();
      const engine = getEngine();
      engine.setTimeScale(1);
      engine.pause(false);
    },
    [],
  );

  const controls = useMemo(() => (adapter ? adapter.controls(pick) : []), [adapter, pick]);
  const change = (name: string, value: LabPick[string]) => {
    if (!adapter) return;
    const next = { ...pick, [name]: value };
    setPick(fitPick(adapter.controls(next), next));
  };

  const start = (round: LabRound, betId: number | null) => {
    stage.current?.stop();
    stage.current = null;
    setShown(null);
    setState('playing');
    setRun((last) => ({ n: (last?.n ?? 0) + 1, round, betId }));
  };

  const play = () => {
    if (!adapter) return;
    start(adapter.round(pick), null);
  };

  const replay = () => {
    if (run) start(run.round, run.betId);
  };

  const replayBet = (recorded: LabBet) => {
    if (!adapter) return;
    start(adapter.recorded ? adapter.recorded(recorded) : roundOfBet(recorded), recorded.id);
  };

  const loadBet = async () => {
    const id = Number(betText.trim());
    setBetIssue(null);
    setBet(null);
    if (!Number.isInteger(id) || id <= 0) {
      setBetIssue('missing');
      return;
    }
    try {
      const loaded = await gameRequest<LabBet>('GET', `/api/bets/${id}`, undefined, {
        silent: true,
      });
      setBet(loaded);
      if (loaded.game === gameId) replayBet(loaded);
    } catch (error) {
      setBetIssue(errorStatus(error) === 403 ? 'refused' : 'missing');
    }
  };

  // A bet id in the address (?bet=12) is loaded and replayed once the adapter is there.
  const loadedFromAddress = useRef(false);
  useEffect(() => {
    if (!adapter || loadedFromAddress.current || !betText || !user) return;
    loadedFromAddress.current = true;
    void loadBet();
    // Only once, when the adapter and the session are there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [adapter, user]);

  const shownScene = (engine: Engine) => {
    const current = runRef.current;
    if (!adapter || !current) {
      setState('ready');
      return;
    }
    const running = startStage(engine, pick, tr);
    stage.current = running;
    setBegun(current.n);
    adapter.play(current.round, running.stage).then(
      () => {
        if (stage.current !== running) return;
        setShown(adapter.shown(running.stage));
        setState('ended');
      },
      (error: unknown) => {
        if (stage.current !== running) return;
        console.error('The lab could not play the round', error);
        setState('failed');
      },
    );
  };

  const expected = run && adapter ? adapter.expected(run.round) : null;
  const matches = shown !== null && expected !== null && json(shown) === json(expected);

  return (
    <main
      className="page scene-lab"
      data-screen="scene-lab"
      data-game={gameId}
      data-lab-state={state}
      data-lab-run={run?.n ?? 0}
      data-lab-shown={shown ? json(shown) : undefined}
      data-lab-expected={expected ? json(expected) : undefined}
    >
      <header className="scene-lab__header">
        <h1>
          {t('dev.lab.title')}: {tr(gameTitleKey(game))}
        </h1>
        <nav className="scene-lab__games" aria-label={t('dev.lab.games')}>
          {PLAYABLE_GAMES.map((other) => (
            <Link
              key={other.id}
              href={`/lab/${other.id}${search}`}
              aria-current={other.id === gameId ? 'page' : undefined}
            >
              {tr(gameTitleKey(other))}
            </Link>
          ))}
        </nav>
        <p className="muted">{t('dev.lab.intro')}</p>
      </header>
      <div className="scene-lab__body">
        <section className="scene-lab__controls" aria-label={t('dev.lab.outcome')}>
          <h2>{t('dev.lab.outcome')}</h2>
          {controls.map((control) => (
            <LabField
              key={control.name}
              control={control}
              value={pick[control.name]}
              onChange={(value) => change(control.name, value)}
            />
          ))}
          <div className="scene-lab__buttons">
            <button
              type="button"
              className="btn btn--primary"
              data-testid="lab-play"
              disabled={!adapter || state === 'loading'}
              onClick={play}
            >
              {t('dev.lab.play')}
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              data-testid="lab-replay"
              disabled={!run}
              onClick={replay}
            >
              {t('dev.lab.replay')}
            </button>
          </div>
          <div className="scene-lab__clock">
            <label className="scene-lab__speed">
              {t('dev.lab.speed')}: <strong>{speed.toFixed(1)}×</strong>
              <input
                type="range"
                name="speed"
                data-testid="lab-speed"
                min={SPEEDS.min}
                max={SPEEDS.max}
                step={SPEEDS.step}
                value={speed}
                onChange={(event) => setSpeed(Number(event.target.value))}
              />
            </label>
            <button
              type="button"
              className="btn btn--secondary"
              data-testid="lab-pause"
              aria-pressed={paused}
              onClick={() => setPaused(!paused)}
            >
              {paused ? t('dev.lab.resume') : t('dev.lab.pause')}
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              data-testid="lab-step"
              disabled={!paused}
              onClick={() => getEngine().step()}
            >
              {t('dev.lab.step')}
            </button>
          </div>
          {adapter?.actions?.length && state === 'playing' && begun === run?.n ? (
            <div className="scene-lab__buttons" aria-label={t('dev.lab.actions')}>
              {adapter.actions.map((action) => (
                <button
                  key={action.label}
                  type="button"
                  className="btn btn--secondary"
                  data-testid="lab-action"
                  onClick={() => stage.current && action.run(stage.current.stage)}
                >
                  {tr(action.label)}
                </button>
              ))}
            </div>
          ) : null}
        </section>
        <section className="scene-lab__stage">
          <div
            className="scene-lab__scene"
            data-scene-state={state === 'loading' ? 'loading' : 'shown'}
          >
            <GameView
              key={run?.n ?? 0}
              scene={gameId}
              onShown={shownScene}
              onError={() => setState('failed')}
            />
          </div>
          <p className="scene-lab__status" role="status" data-testid="lab-status">
            {t(STATUS[state])}
            {state === 'ended' ? ` · ${matches ? t('dev.lab.match') : t('dev.lab.mismatch')}` : ''}
          </p>
          <dl className="scene-lab__readout">
            <dt>{t('dev.lab.expected')}</dt>
            <dd data-testid="lab-expected">{expected ? json(expected) : '–'}</dd>
            <dt>{t('dev.lab.shown')}</dt>
            <dd data-testid="lab-shown">{shown ? json(shown) : '–'}</dd>
          </dl>
        </section>
        <section className="scene-lab__recorded" aria-label={t('dev.lab.recorded')}>
          <h2>{t('dev.lab.recorded')}</h2>
          {user ? (
            <form
              className="scene-lab__bet-form"
              onSubmit={(event) => {
                event.preventDefault();
                void loadBet();
              }}
            >
              <label>
                {t('dev.lab.bet_id')}
                <input
                  className="input"
                  name="bet"
                  inputMode="numeric"
                  value={betText}
                  onChange={(event) => setBetText(event.target.value)}
                />
              </label>
              <button type="submit" className="btn btn--secondary" data-testid="lab-load-bet">
                {t('dev.lab.load')}
              </button>
            </form>
          ) : (
            <p className="muted">
              <Link href={`/login`}>{t('dev.lab.sign_in')}</Link>
            </p>
          )}
          {betIssue ? (
            <p
              className="scene-lab__issue"
              role="alert"
              data-testid="lab-bet-issue"
              data-issue={betIssue}
            >
              {betIssue === 'refused' ? t('dev.lab.bet_refused') : t('dev.lab.bet_missing')}
            </p>
          ) : null}
          {bet ? (
            <RecordedBet
              bet={bet}
              gameId={gameId}
              search={search}
              onReplay={() => replayBet(bet)}
            />
          ) : null}
        </section>
      </div>
    </main>
  );
}

/** A recorded bet beside the scene: what the server recorded, to compare with what it shows. */
function RecordedBet({
  bet,
  gameId,
  search,
  onReplay,
}: {
  bet: LabBet;
  gameId: string;
  search: string;
  onReplay: () => void;
}) {
  const { t } = useTranslation();
  const other = playableGame(bet.game);
  if (bet.game !== gameId) {
    const query = new URLSearchParams(search);
    query.set('bet', String(bet.id));
    return (
      <p data-testid="lab-bet-other-game">
        {t('dev.lab.bet_other_game', {
          id: bet.id,
          game: other ? t(gameTitleKey(other) as StaticKey) : bet.game,
        })}{' '}
        <Link href={`/lab/${bet.game}?${query.toString()}`}>{t('dev.lab.open_in_lab')}</Link>
      </p>
    );
  }
  return (
    <div className="scene-lab__bet" data-testid="lab-bet" data-bet-id={bet.id}>
      <dl>
        <dt>{t('dev.lab.bet_id')}</dt>
        <dd>{bet.id}</dd>
        {bet.user_id !== undefined ? (
          <>
            <dt>{t('dev.lab.player')}</dt>
            <dd>{bet.user_id}</dd>
          </>
        ) : null}
        <dt>{t('dev.lab.placed')}</dt>
        <dd>{new Date(bet.created_at).toLocaleString()}</dd>
        <dt>{t('dev.lab.stake')}</dt>
        <dd>{bet.amount.toFixed(2)}</dd>
        <dt>{t('dev.lab.multiplier')}</dt>
        <dd>{bet.multiplier}×</dd>
        <dt>{t('dev.lab.payout')}</dt>
        <dd>{bet.payout.toFixed(2)}</dd>
        <dt>{t('dev.lab.params')}</dt>
        <dd>
          <code>{json(bet.params)}</code>
        </dd>
        <dt>{t('dev.lab.result')}</dt>
        <dd>
          <code data-testid="lab-bet-result">{json(bet.result)}</code>
        </dd>
      </dl>
      <button type="button" className="btn btn--secondary" onClick={onReplay}>
        {t('dev.lab.replay_bet')}
      </button>
    </div>
  );
}

/** One outcome control, as its descriptor says. */
function LabField({
  control,
  value,
  onChange,
}: {
  control: LabControl;
  value: LabPick[string] | undefined;
  onChange: (value: LabPick[string]) => void;
}) {
  const { t } = useTranslation();
  const label = t(control.label as StaticKey);
  switch (control.kind) {
    case 'choice':
      return (
        <label className="scene-lab__field">
          {label}
          <select
            className="input"
            name={control.name}
            value={String(value ?? '')}
            onChange={(event) => onChange(event.target.value)}
          >
            {control.choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.key ? t(choice.key as StaticKey) : (choice.text ?? choice.value)}
              </option>
            ))}
          </select>
        </label>
      );
    case 'number':
      return (
        <label className="scene-lab__field">
          {label}
          <input
            className="input"
            type="number"
            name={control.name}
            min={control.min}
            max={control.max}
            step={control.step}
            value={typeof value === 'number' ? value : ''}
            onChange={(event) => {
              const number = event.target.valueAsNumber;
              if (Number.isFinite(number)) onChange(number);
            }}
          />
        </label>
      );
    case 'grid': {
      const marked = Array.isArray(value) ? (value as number[]) : [];
      return (
        <fieldset className="scene-lab__field scene-lab__grid-field" data-grid={control.name}>
          <legend>{label}</legend>
          <div
            className="scene-lab__grid"
            style={{ gridTemplateColumns: `repeat(${control.columns}, 1fr)` }}
          >
            {Array.from({ length: control.tiles }, (_, tile) => {
              const order = marked.indexOf(tile);
              return (
                <button
                  key={tile}
                  type="button"
                  data-tile={tile}
                  aria-pressed={order >= 0}
                  onClick={() =>
                    onChange(
                      order >= 0
                        ? marked.filter((other) => other !== tile)
                        : marked.length < control.max
                          ? [...marked, tile]
                          : marked,
                    )
                  }
                >
                  {order >= 0 ? (control.mark ?? String(order + 1)) : ''}
                </button>
              );
            })}
          </div>
          <button type="button" className="btn btn--small" onClick={() => onChange([])}>
            {t('dev.lab.clear')}
          </button>
        </fieldset>
      );
    }
  }
}
