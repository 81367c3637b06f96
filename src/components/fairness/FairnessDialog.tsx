import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gameApi, type BetDetailJson, type FairnessJson } from '../../../games/shared/api';
import { Field } from '../Field';
import { hashServerSeed } from '../../../games/fairness';
import { gameRequest } from '../../app/gameServices';
import { Dialog } from '../Dialog';
import {
  VERIFIABLE_GAMES,
  describeOutcome,
  isVerifiableGame,
  matchesRecorded,
  seedMatchesHash,
  verifyOutcome,
  type VerifyOutcome,
} from './verify';

interface Props {
  onClose: () => void;
  /** Opens the verifier on this bet (from the bet history). */
  betId?: number | null;
  /** The game whose page opened the dialog (the verifier's default game). */
  game?: string;
}

interface VerifierFields {
  game: string;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  mines: string;
  rows: string;
  risk: string;
}

const PLINKO_RISKS = ['low', 'medium', 'high'];

/** Provable fairness: the active commitment, client seed and rotation, and the verifier. */
export function FairnessDialog({ onClose, betId, game }: Props) {
  const { t } = useTranslation();
  const api = useMemo(() => gameApi(gameRequest), []);
  const ids = {
    seed: useId(),
    game: useId(),
    risk: useId(),
  };
  const [pair, setPair] = useState<FairnessJson | null>(null);
  const [clientSeed, setClientSeed] = useState('');
  const [rotating, setRotating] = useState(false);
  const [betIdText, setBetIdText] = useState(betId ? String(betId) : '');
  const [bet, setBet] = useState<BetDetailJson | null>(null);
  const [fields, setFields] = useState<VerifierFields>({
    game: game && isVerifiableGame(game) ? game : 'dice',
    serverSeed: '',
    clientSeed: '',
    nonce: '0',
    mines: '3',
    rows: '16',
    risk: 'low',
  });

  useEffect(() => {
    api
      .fairness()
      .then((answer) => {
        setPair(answer);
        setClientSeed(answer.active.client_seed);
      })
      .catch(() => undefined);
  }, [api]);

  const loadBet = async (id: number) => {
    try {
      const detail = await api.bet(id);
      setBet(detail);
      if (isVerifiableGame(detail.game)) {
        const params = detail.params as { mines?: number; rows?: number; risk?: string };
        setFields({
          game: detail.game,
          serverSeed: detail.server_seed ?? '',
          clientSeed: detail.client_seed,
          nonce: String(detail.nonce),
          mines: String(params.mines ?? 3),
          rows: String(params.rows ?? 16),
          risk: params.risk ?? 'low',
        });
      }
    } catch {
      setBet(null);
    }
  };

  useEffect(() => {
    if (betId) void loadBet(betId);
    // Only the bet the dialog was opened with; later loads come from the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [betId]);

  const rotate = async () => {
    setRotating(true);
    try {
      const seed = clientSeed.trim();
      const answer = await api.rotate(seed && seed !== pair?.active.client_seed ? seed : undefined);
      setPair(answer);
      setClientSeed(answer.active.client_seed);
      if (bet) void loadBet(bet.id);
    } catch {
      // the client showed the error dialog (422 on client_seed, a mines game in progress)
    } finally {
      setRotating(false);
    }
  };

  const computed = useMemo((): VerifyOutcome | null => {
    const nonce = fields.nonce.trim() === '' ? Number.NaN : Number(fields.nonce);
    return verifyOutcome(fields.game, {
      serverSeed: fields.serverSeed.trim(),
      clientSeed: fields.clientSeed,
      nonce,
      mines: Number(fields.mines),
      rows: Number(fields.rows),
      risk: fields.risk,
    });
  }, [fields]);

  const matches =
    computed && bet && bet.game === fields.game ? matchesRecorded(computed, bet.result) : null;
  const hashOk =
    fields.serverSeed && bet
      ? seedMatchesHash(fields.serverSeed.trim(), bet.server_seed_hash)
      : null;
  const set = (key: keyof VerifierFields) => (value: string) =>
    setFields((f) => ({ ...f, [key]: value }));

  return (
    <Dialog
      title={t('fairness.title')}
      kind="info"
      onClose={onClose}
      actions={
        <button type="button" className="btn btn--primary" onClick={onClose}>
          {t('fairness.close')}
        </button>
      }
    >
      <div className="fairness" data-testid="fairness-dialog">
        <section aria-labelledby={`${ids.seed}-h`}>
          <h3 id={`${ids.seed}-h`}>{t('fairness.active')}</h3>
          <p className="fairness__row">
            {t('fairness.server_seed_hash')}:{' '}
            <code data-testid="fairness-hash">{pair?.active.server_seed_hash ?? '…'}</code>
          </p>
          <p className="fairness__row">
            {t('fairness.next_nonce')}:{' '}
            <span data-testid="fairness-nonce">{pair?.active.nonce ?? '…'}</span>
          </p>
          <Field
            label={t('fairness.client_seed')}
            name="client_seed"
            value={clientSeed}
            maxLength={64}
            onChange={setClientSeed}
          />
          <button
            type="button"
            className="btn btn--secondary"
            disabled={rotating || !pair}
            aria-busy={rotating || undefined}
            onClick={() => void rotate()}
            data-testid="fairness-rotate"
          >
            {t('fairness.rotate')}
          </button>
          {pair?.previous ? (
            <div className="fairness__previous" data-testid="fairness-previous">
              <h3>{t('fairness.previous')}</h3>
              <p className="fairness__row">
                {t('fairness.server_seed')}:{' '}
                <code data-testid="fairness-revealed-seed">{pair.previous.server_seed}</code>
              </p>
              <p className="fairness__row">
                {t('fairness.server_seed_hash')}: <code>{pair.previous.server_seed_hash}</code>
              </p>
              <p className="fairness__row">
                {t('fairness.client_seed')}: <code>{pair.previous.client_seed}</code> ·{' '}
                {t('fairness.bets_made', { count: pair.previous.nonce })}
              </p>
            </div>
          ) : null}
        </section>

        <section className="fairness__verifier" aria-labelledby={`${ids.game}-h`}>
          <h3 id={`${ids.game}-h`}>{t('fairness.verify_title')}</h3>
          <div className="fairness__load">
            <Field
              label={t('fairness.bet_id')}
              name="bet_id"
              inputMode="numeric"
              value={betIdText}
              onChange={setBetIdText}
            />
            <button
              type="button"
              className="btn btn--secondary"
              disabled={!/^\d+$/.test(betIdText)}
              onClick={() => void loadBet(Number(betIdText))}
              data-testid="fairness-load-bet"
            >
              {t('fairness.load_bet')}
            </button>
          </div>
          {bet && !bet.server_seed ? (
            <p className="form-alert" role="status" data-testid="fairness-not-revealed">
              {t('fairness.not_revealed')}
            </p>
          ) : null}
          <div className="field">
            <label htmlFor={ids.game}>{t('fairness.game')}</label>
            <select
              id={ids.game}
              name="game"
              value={fields.game}
              onChange={(e) => set('game')(e.target.value)}
            >
              {VERIFIABLE_GAMES.map((g) => (
                <option key={g} value={g}>
                  {t(`games.${g}`)}
                </option>
              ))}
            </select>
          </div>
          <Field
            label={t('fairness.server_seed')}
            name="server_seed"
            value={fields.serverSeed}
            onChange={set('serverSeed')}
          />
          {fields.serverSeed ? (
            <p className="fairness__row muted">
              SHA-256:{' '}
              <code data-testid="fairness-computed-hash">
                {hashServerSeed(fields.serverSeed.trim())}
              </code>
            </p>
          ) : null}
          <Field
            label={t('fairness.client_seed')}
            name="verify_client_seed"
            value={fields.clientSeed}
            onChange={set('clientSeed')}
          />
          <Field
            label={t('fairness.nonce')}
            name="nonce"
            inputMode="numeric"
            value={fields.nonce}
            onChange={set('nonce')}
          />
          {fields.game === 'mines' ? (
            <Field
              label={t('fairness.mines')}
              name="mines"
              type="number"
              min={1}
              max={24}
              value={fields.mines}
              onChange={set('mines')}
            />
          ) : null}
          {fields.game === 'plinko' ? (
            <>
              <Field
                label={t('fairness.rows')}
                name="rows"
                type="number"
                min={8}
                max={16}
                value={fields.rows}
                onChange={set('rows')}
              />
              <div className="field">
                <label htmlFor={ids.risk}>{t('fairness.risk')}</label>
                <select
                  id={ids.risk}
                  name="risk"
                  value={fields.risk}
                  onChange={(e) => set('risk')(e.target.value)}
                >
                  {PLINKO_RISKS.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
              </div>
            </>
          ) : null}
          <output
            className="fairness__result"
            data-testid="fairness-result"
            data-outcome={computed ? describeOutcome(computed) : undefined}
          >
            {computed
              ? `${t('fairness.result')}: ${describeOutcome(computed)}`
              : t('fairness.enter_seeds')}
          </output>
          {matches !== null ? (
            <p
              className={matches ? 'fairness__ok' : 'fairness__bad'}
              data-testid="fairness-match"
              data-match={matches}
            >
              {matches ? t('fairness.match') : t('fairness.mismatch')}
            </p>
          ) : null}
          {hashOk !== null ? (
            <p
              className={hashOk ? 'fairness__ok' : 'fairness__bad'}
              data-testid="fairness-hash-check"
              data-match={hashOk}
            >
              {hashOk ? t('fairness.hash_ok') : t('fairness.hash_bad')}
            </p>
          ) : null}
        </section>
      </div>
    </Dialog>
  );
}
