import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { bearerAuth, ErrorBody, errorResponses } from '../../http/schemas';
import { ValidationError } from '../../http/errors';
import { amountToCents } from '../../http/money';
import { requireAuth } from '../auth/guard';
import { centsToAmount } from '../wallet/service';
import {
  BREAK_HOURS,
  EXCLUSION_MONTHS,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  REALITY_CHECK_MINUTES,
  type LimitKind,
  type LimitPeriod,
} from './rules';
import {
  limitsView,
  playSummary,
  setLimits,
  setRealityCheck,
  startBlock,
  type LimitsView,
  type WantedLimits,
} from './service';
import { activeBlock, blockJson } from './store';

/** The largest limit a player can set, in currency units. */
const MAX_LIMIT = 100_000_000;

const Amount = Type.Union([Type.Number(), Type.Null()], {
  description: 'currency units, at most 2 decimals; null: no limit',
});
const Periods = <T extends Parameters<typeof Type.Object>[0][string]>(value: T) =>
  Type.Object({ day: value, week: value, month: value });
const Time = Type.String({ format: 'date-time' });
const NullableTime = Type.Union([Time, Type.Null()]);

const LimitsBody = Type.Object({
  loss: Periods(Amount),
  wager: Periods(Amount),
  deposit: Periods(Amount),
  pending: Type.Array(
    Type.Object({
      kind: Type.String(),
      period: Type.String(),
      amount: Amount,
      from: Time,
    }),
    { description: 'raises and removals waiting for their time (24 hours after they were asked)' },
  ),
  used: Type.Object({
    loss: Periods(Type.Object({ amount: Type.Number(), frees_at: NullableTime })),
    wager: Periods(Type.Object({ amount: Type.Number(), frees_at: NullableTime })),
    deposit: Periods(Type.Object({ amount: Type.Number(), frees_at: NullableTime })),
  }),
});

// Checked by wantedOf, so that a bad amount names the limit in its message.
const AmountInput = Type.Unknown({
  description: 'currency units, at most 2 decimals, 0.01 to 100,000,000.00; null: no limit',
});
const PartialPeriods = Type.Object({
  day: Type.Optional(AmountInput),
  week: Type.Optional(AmountInput),
  month: Type.Optional(AmountInput),
});
const LimitsInput = Type.Object({
  loss: Type.Optional(PartialPeriods),
  wager: Type.Optional(PartialPeriods),
  deposit: Type.Optional(PartialPeriods),
});

const BlockBody = Type.Union([
  Type.Object({
    kind: Type.Union([Type.Literal('break'), Type.Literal('self_exclusion')]),
    until: Type.Union([Time, Type.Null()], { description: 'null: for good' }),
  }),
  Type.Null(),
]);
const PlayStatusBody = Type.Object({
  block: BlockBody,
  reality_check_minutes: Type.Union([Type.Integer(), Type.Null()]),
});

function limitsJson(view: LimitsView): Static<typeof LimitsBody> {
  const perPeriod = <T>(value: (period: LimitPeriod) => T) =>
    Object.fromEntries(LIMIT_PERIODS.map((period) => [period, value(period)])) as Record<
      LimitPeriod,
      T
    >;
  const amount = (cents: number | null) => (cents === null ? null : centsToAmount(cents));
  const json = {
    pending: [] as Static<typeof LimitsBody>['pending'],
    used: {} as Static<typeof LimitsBody>['used'],
  } as Static<typeof LimitsBody>;
  for (const kind of LIMIT_KINDS) {
    json[kind] = perPeriod((period) => amount(view[kind][period].amountCents));
    json.used[kind] = perPeriod((period) => ({
      amount: centsToAmount(view[kind][period].usedCents),
      frees_at: view[kind][period].freesAt?.toISOString() ?? null,
    }));
    for (const period of LIMIT_PERIODS) {
      const { pending } = view[kind][period];
      if (pending) {
        json.pending.push({
          kind,
          period,
          amount: amount(pending.amountCents),
          from: pending.from.toISOString(),
        });
      }
    }
  }
  return json;
}

function wantedOf(body: Static<typeof LimitsInput>): WantedLimits {
  const wanted = {} as WantedLimits;
  for (const kind of LIMIT_KINDS) {
    wanted[kind] = {} as WantedLimits[LimitKind];
    for (const period of LIMIT_PERIODS) {
      wanted[kind][period] = limitCents(kind, period, body[kind]?.[period]);
    }
  }
  return wanted;
}

/** A limit's amount in cents, null for none, undefined when not given; a 422 naming it otherwise. */
function limitCents(
  kind: LimitKind,
  period: LimitPeriod,
  value: unknown,
): number | null | undefined {
  if (value === undefined || value === null) return value;
  try {
    return amountToCents(`${kind}.${period}`, value, { max: MAX_LIMIT });
  } catch {
    throw ValidationError.field(`${kind}.${period}`, 'play.limit_invalid', {
      max: MAX_LIMIT.toLocaleString('en-US', { minimumFractionDigits: 2 }),
    });
  }
}

/**
 * The player's own responsible-play settings: limits, a break, a self-exclusion and the reality
 * check (docs/players.md). Bets are checked against them in server/modules/bets/settle.ts.
 */
export const responsiblePlayRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const auth = { onRequest: requireAuth };
  const responses = { ...errorResponses, 401: ErrorBody };
  const tags = ['settings'];

  app.get(
    '/api/settings/limits',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Loss, wager and deposit limits per rolling day, week and month, with their use',
        security: bearerAuth,
        response: { 200: LimitsBody, ...responses },
      },
    },
    async (request) => limitsJson(await limitsView(app.db, request.user!.id)),
  );

  app.put(
    '/api/settings/limits',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Set limits: a lower one applies at once, a higher one or a removal in 24 hours',
        description:
          'A kind or period left out stays as it is; null removes a limit (after 24 hours).',
        security: bearerAuth,
        body: LimitsInput,
        response: { 200: LimitsBody, ...responses },
      },
    },
    async (request) =>
      limitsJson(await setLimits(app.db, request.user!.id, wantedOf(request.body))),
  );

  app.get(
    '/api/settings/responsible-play',
    {
      ...auth,
      schema: {
        tags,
        summary: 'The break or self-exclusion in force, and the reality check interval',
        security: bearerAuth,
        response: { 200: PlayStatusBody, ...responses },
      },
    },
    async (request) => ({
      block: blockJson(await activeBlock(app.db, request.user!.id)),
      reality_check_minutes: request.user!.realityCheckMinutes,
    }),
  );

  app.post(
    '/api/settings/break',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Take a break from play (24 hours to 6 weeks): it cannot be lifted early',
        security: bearerAuth,
        body: Type.Object({
          hours: Type.Integer({ minimum: BREAK_HOURS.min, maximum: BREAK_HOURS.max }),
        }),
        response: { 200: Type.Object({ block: BlockBody }), ...responses },
      },
    },
    async (request) => ({
      block: blockJson(
        await startBlock(app.db, request.user!.id, { kind: 'break', hours: request.body.hours }),
      ),
    }),
  );

  app.post(
    '/api/settings/self-exclusion',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Exclude yourself (6 months to 5 years, or for good): it cannot be lifted early',
        security: bearerAuth,
        body: Type.Object({
          months: Type.Union([
            Type.Integer({ minimum: EXCLUSION_MONTHS.min, maximum: EXCLUSION_MONTHS.max }),
            Type.Literal('permanent'),
          ]),
        }),
        response: { 200: Type.Object({ block: BlockBody }), ...responses },
      },
    },
    async (request) => ({
      block: blockJson(
        await startBlock(app.db, request.user!.id, {
          kind: 'self_exclusion',
          months: request.body.months,
        }),
      ),
    }),
  );

  app.put(
    '/api/settings/reality-check',
    {
      ...auth,
      schema: {
        tags,
        summary: 'How often the game pages show time played and the net result (null: off)',
        security: bearerAuth,
        body: Type.Object({
          minutes: Type.Union([
            Type.Integer({
              minimum: REALITY_CHECK_MINUTES.min,
              maximum: REALITY_CHECK_MINUTES.max,
            }),
            Type.Null(),
          ]),
        }),
        response: { 200: PlayStatusBody, ...responses },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      await setRealityCheck(app.db, userId, request.body.minutes);
      return {
        block: blockJson(await activeBlock(app.db, userId)),
        reality_check_minutes: request.body.minutes,
      };
    },
  );

  app.get(
    '/api/settings/play-summary',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Stakes and net result since a moment (at most 30 days back): the reality check',
        security: bearerAuth,
        querystring: Type.Object({ since: Time }),
        response: {
          200: Type.Object({
            since: Time,
            wagered: Type.Number(),
            net: Type.Number({ description: 'payouts minus stakes' }),
            bets: Type.Integer(),
          }),
          ...responses,
        },
      },
    },
    async (request) => {
      const summary = await playSummary(app.db, request.user!.id, new Date(request.query.since));
      return {
        since: summary.since.toISOString(),
        wagered: centsToAmount(summary.wageredCents),
        net: centsToAmount(summary.netCents),
        bets: summary.bets,
      };
    },
  );
};
