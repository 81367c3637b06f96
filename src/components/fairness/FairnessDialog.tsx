import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gameApi } from '../../../games/shared/round/api';
import type { BetDetailJson, FairnessJson } from '../../../games/shared/wire/types';
import { Field } from '../Field';
import { hashServerSeed } from '../../../games/fairness';
import { gameRequest } from '../../app/gameServices';
import { errorBody } from '../../api/client';
import { fieldErrors, type FieldErrors } from '../useForm';
import { Dialog } from '../Dialog';
import type { StaticKey } from '../../i18n';
import {
  choiceLabelKey,
  fieldLabelKey,
  gameTitleKey,
} from '../../../games/shared/registry/catalog';
import { GAME_RULES } from '../../../games/shared/registry/gameRules';
import type { ParamField } from '../../../games/fairness/contract';
import {
  VERIFIABLE_GAMES,
  describeOutcome,
  isVerifiableGame,
  recordedMismatches,
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
  /** The game's verifier inputs (its rules' `verifyFields`) as typed. */
  values: Record<string, string>;
}

/** The inputs a game's verifier asks for: its rules' `verifyFields`. */
const verifyFieldsOf = (game: string): [string, ParamField][] =>
  Object.entries(GAME_RULES.get(game)?.verifyFields ?? {});

/** Typed values, with each field's default where none was given (or stored on the bet). */
function verifierValues(
  game: string,
  given: Readonly<Record<string, unknown>> = {},
): Record<string, string> {
  return Object.fromEntries(
    verifyFieldsOf(game).map(([name, field]) => [
      name,
      String(given[name] ?? (field.type === 'json' ? '' : field.default)),
    ]),
  );
}

/** A typed value as the rules take it: numbers for number fields (NaN when not a number). */
function typedValue(field: ParamField, text: string): unknown {
  if (field.type === 'integer' || field.type === 'decimal') {
    return text.trim() === '' ? Number.NaN : Number(text);
  }
  return text;
}

/** Provable fairness: the active commitment, client seed and rotation, and the verifier. */
export function FairnessDialog({ onClose, betId, game }: Props) {
  const { t } = useTranslation();
  const api = useMemo(() => gameApi(gameRequest), []);
  const ids = {
    seed: useId(),
    game: useId(),
    field: useId(),
  };
  const [pair, setPair] = useState<FairnessJson | null>(null);
  const [clientSeed, setClientSeed] = useState('');
  const [rotating, setRotating] = useState(false);
  /** Why the last rotation was refused, by field (`game`: a game in progress). */
  const [refused, setRefused] = useState<FieldErrors>({});
  const [betIdText, setBetIdText] = useState(betId ? String(betId) : '');
  const [bet, setBet] = useState<BetDetailJson | null>(null);
  const [fields, setFields] = useState<VerifierFields>(() => {
    const initial = game && isVerifiableGame(game) ? game : VERIFIABLE_GAMES[0]!;
    return {
      game: initial,
      serverSeed: '',
      clientSeed: '',
      nonce: '0',
      values: verifierValues(initial),
    };
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
        const rules = GAME_RULES.get(detail.game)!;
        setFields({
          game: detail.game,
          serverSeed: detail.server_seed ?? '',
          clientSeed: detail.client_seed,
          nonce: String(detail.nonce),
          values: verifierValues(detail.game, rules.verifyValuesOf(detail.params)),
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
    setRefused({});
    try {
      const seed = clientSeed.trim();
      const answer = await api.rotate(seed && seed !== pair?.active.client_seed ? seed : undefined);
      setPair(answer);
      setClientSeed(answer.active.client_seed);
      if (bet) void loadBet(bet.id);
    } catch (error) {
      // A refusal (a game in progress, a bad client seed) is said here; others had their dialog.
      setRefused(fieldErrors(errorBody(error)));
    } finally {
      setRotating(false);
    }
  };

  const computed = useMemo((): VerifyOutcome | null => {
    const nonce = fields.nonce.trim() === '' ? Number.NaN : Number(fields.nonce);
    const values = Object.fromEntries(
      verifyFieldsOf(fields.game).map(([name, field]) => [
        name,
        typedValue(field, fields.values[name] ?? ''),
      ]),
    );
    return verifyOutcome(fields.game, {
      ...values,
      serverSeed: fields.serverSeed.trim(),
      clientSeed: fields.clientSeed,
      nonce,
    });
  }, [fields]);

  // The whole recorded bet recomputed from the seeds as typed, field by field.
  const mismatches =
    computed && bet && bet.game === fields.game
      ? recordedMismatches(
          bet.game,
          { ...bet, client_seed: fields.clientSeed, nonce: Number(fields.nonce) },
          fields.serverSeed.trim(),
        )
      : null;
  const matches = mismatches ? mismatches.length === 0 : null;
  const hashOk =
    fields.serverSeed && bet
      ? seedMatchesHash(fields.serverSeed.trim(), bet.server_seed_hash)
      : null;
  const set = (key: Exclude<keyof VerifierFields, 'values' | 'game'>) => (value: string) =>
    setFields((f) => ({ ...f, [key]: value }));
  const setValue = (name: string) => (value: string) =>
    setFields((f) => ({ ...f, values: { ...f.values, [name]: value } }));
  const chooseGame = (next: string) =>
    setFields((f) => ({ ...f, game: next, values: verifierValues(next) }));

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
            errors={refused.client_seed}
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
          {Object.entries(refused)
            .filter(([field]) => field !== 'client_seed')
            .flatMap(([, messages]) => messages)
            .map((message) => (
              <p key={message} className="field__error" role="alert" data-testid="fairness-refused">
                {message}
              </p>
            ))}
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
              onChange={(e) => chooseGame(e.target.value)}
            >
              {VERIFIABLE_GAMES.map((g) => (
                <option key={g} value={g}>
                  {t(gameTitleKey({ id: g }) as StaticKey)}
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
          {verifyFieldsOf(fields.game).map(([name, field]) =>
            field.type === 'choice' ? (
              <div className="field" key={name}>
                <label htmlFor={`${ids.field}-${name}`}>
                  {t(fieldLabelKey({ id: fields.game }, name) as StaticKey)}
                </label>
                <select
                  id={`${ids.field}-${name}`}
                  name={name}
                  value={fields.values[name] ?? ''}
                  onChange={(e) => setValue(name)(e.target.value)}
                >
                  {field.choices.map((choice) => (
                    <option key={choice} value={choice}>
                      {t(choiceLabelKey({ id: fields.game }, name, choice) as StaticKey)}
                    </option>
                  ))}
                </select>
              </div>
            ) : field.type === 'json' ? null : (
              <Field
                key={name}
                label={t(fieldLabelKey({ id: fields.game }, name) as StaticKey)}
                name={name}
                type="number"
                min={field.min}
                max={field.max}
                step={field.type === 'decimal' ? 10 ** -field.decimals : 1}
                value={fields.values[name] ?? ''}
                onChange={setValue(name)}
              />
            ),
          )}
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
              data-mismatches={mismatches?.join(' ') || undefined}
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
