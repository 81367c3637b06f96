import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { notFound, ValidationError, type FieldErrors } from '../../http/errors';
import { amountToCents } from '../../http/money';
import {
  ErrorBody,
  IdParam,
  PlayRefusalBody,
  bearerAuth,
  errorResponses,
  idOf,
} from '../../http/schemas';
import { optionalAuth, requireAuth } from '../auth/guard';
import { adminErrors, adminOnly } from '../admin/http';
import { centsToAmount } from '../wallet/service';
import type { Giveaway } from './schema';
import {
  createGiveaway,
  drawDue,
  enteredBy,
  enterGiveaway,
  entrantCounts,
  entrantsOf,
  findGiveaway,
  listedGiveaways,
  RULE_DAYS,
  statusOf,
  wageredCents,
  winnersOf,
  type NewGiveaway,
  type Winner,
} from './service';

/** How often every instance looks for ended giveaways to draw. */
const DRAW_SWEEP_MS = 2000;
/** The largest prize and entry rule amount, in currency units. */
const MAX_PRIZE = 1_000_000;
const MAX_WINNERS = 1000;

const WinnerBody = Type.Object({
  rank: Type.Integer(),
  name: Type.Union([Type.String(), Type.Null()], { description: 'null: the player hides it' }),
  prize: Type.Number(),
});

const GiveawayBody = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  prize: Type.Number({ description: 'total prize, shared by the winners' }),
  winners_count: Type.Integer(),
  starts_at: Type.String({ format: 'date-time' }),
  ends_at: Type.String({ format: 'date-time' }),
  drawn_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  status: Type.Union([
    Type.Literal('upcoming'),
    Type.Literal('open'),
    Type.Literal('drawing'),
    Type.Literal('ended'),
  ]),
  min_wagered: Type.Union([Type.Number(), Type.Null()], {
    description: `entry rule: staked at least this much in the ${RULE_DAYS} days before entering`,
  }),
  entrants_count: Type.Integer(),
  server_seed_hash: Type.String({
    description: 'SHA-256 of the server seed, shown from the start',
  }),
  entered: Type.Boolean({ description: 'the signed-in caller has entered (false for a guest)' }),
  eligible: Type.Union([Type.Boolean(), Type.Null()], {
    description: 'the caller meets the entry rule now (null for a guest)',
  }),
  wagered: Type.Union([Type.Number(), Type.Null()], {
    description: `the caller’s stakes over the last ${RULE_DAYS} days, when the giveaway has a rule`,
  }),
  winners: Type.Array(WinnerBody, { description: 'in draw order; empty until drawn' }),
});

const EntrantBody = Type.Object({
  position: Type.Integer({ description: '0-based place in the entry order' }),
  name: Type.Union([Type.String(), Type.Null()]),
});

const GiveawayDetailBody = Type.Object({
  ...GiveawayBody.properties,
  server_seed: Type.Union([Type.String(), Type.Null()], { description: 'revealed at the draw' }),
  entrants: Type.Union([Type.Array(EntrantBody), Type.Null()], {
    description: 'in entry order, once drawn',
  }),
  draw: Type.Union([
    Type.Null(),
    Type.Array(
      Type.Object({
        rank: Type.Integer(),
        position: Type.Integer({ description: 'the winner’s place in `entrants`' }),
      }),
    ),
  ]),
});

const IdParams = Type.Object({ id: IdParam });

function giveawayIdOf(param: string): number {
  const id = idOf(param);
  if (id === null) throw notFound();
  return id;
}

interface Viewer {
  entered: Set<number>;
  wageredCents: number | null;
}

function giveawayJson(
  giveaway: Giveaway,
  now: Date,
  entrants: number,
  winners: Winner[],
  viewer: Viewer | null,
) {
  const rule = giveaway.minWageredCents;
  return {
    id: giveaway.id,
    title: giveaway.title,
    prize: centsToAmount(giveaway.prizeCents),
    winners_count: giveaway.winnersCount,
    starts_at: giveaway.startsAt.toISOString(),
    ends_at: giveaway.endsAt.toISOString(),
    drawn_at: giveaway.drawnAt?.toISOString() ?? null,
    status: statusOf(giveaway, now),
    min_wagered: rule === null ? null : centsToAmount(rule),
    entrants_count: entrants,
    server_seed_hash: giveaway.serverSeedHash,
    entered: viewer?.entered.has(giveaway.id) ?? false,
    eligible: viewer ? rule === null || (viewer.wageredCents ?? 0) >= rule : null,
    wagered:
      viewer && rule !== null && viewer.wageredCents !== null
        ? centsToAmount(viewer.wageredCents)
        : null,
    winners: winners.map((w) => ({
      rank: w.rank,
      name: w.name,
      prize: centsToAmount(w.prizeCents),
    })),
  };
}

/** Parses an ISO date field, or records a 422 on it. */
function dateField(errors: FieldErrors, field: string, value: string | undefined): Date | null {
  if (value === undefined) return null;
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(date.getTime())) {
    (errors[field] ??= []).push({ key: 'validation.date', params: { field } });
    return null;
  }
  return date;
}

/** An amount field through amountToCents, its 422 recorded instead of thrown. */
function amountField(errors: FieldErrors, field: string, value: number): number | null {
  try {
    return amountToCents(field, value, { max: MAX_PRIZE });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    Object.assign(errors, error.fields);
    return null;
  }
}

const CreateBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 255 }),
  prize: Type.Number({ description: 'total prize in currency units, at most 2 decimals' }),
  winners_count: Type.Integer({ minimum: 1, maximum: MAX_WINNERS }),
  starts_at: Type.Optional(Type.String({ maxLength: 64, description: 'ISO 8601; default now' })),
  ends_at: Type.String({ maxLength: 64, description: 'ISO 8601, after starts_at and now' }),
  min_wagered: Type.Optional(
    Type.Union([Type.Number(), Type.Null()], {
      description: `entry rule: staked at least this much in the last ${RULE_DAYS} days`,
    }),
  ),
});

/** The request's giveaway, every problem of it at once (Laravel answers them all). */
function newGiveawayOf(body: Static<typeof CreateBody>, now: Date): NewGiveaway {
  const errors: FieldErrors = {};
  const title = body.title.trim();
  if (!title) errors.title = [{ key: 'validation.required', params: { field: 'title' } }];
  const prizeCents = amountField(errors, 'prize', body.prize);
  if (prizeCents !== null && prizeCents < body.winners_count) {
    errors.prize = [{ key: 'giveaway.prize_per_winner' }];
  }
  const minWageredCents =
    body.min_wagered === undefined || body.min_wagered === null
      ? null
      : amountField(errors, 'min_wagered', body.min_wagered);
  const startsAt = dateField(errors, 'starts_at', body.starts_at) ?? now;
  const endsAt = dateField(errors, 'ends_at', body.ends_at);
  if (endsAt && !errors.starts_at) {
    if (endsAt.getTime() <= startsAt.getTime()) {
      errors.ends_at = [{ key: 'giveaway.ends_before_start' }];
    } else if (endsAt.getTime() <= now.getTime()) {
      errors.ends_at = [{ key: 'giveaway.ends_in_past' }];
    }
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return {
    title,
    prizeCents: prizeCents!,
    winnersCount: body.winners_count,
    startsAt,
    endsAt: endsAt!,
    minWageredCents,
  };
}

/**
 * Giveaways: operators create them, players enter once, and every instance draws the ended ones
 * (a sweep every DRAW_SWEEP_MS, and a read that finds one due); the draw's claim makes the one
 * that pays unique.
 */
export const giveawayRoutes: FastifyPluginAsyncTypebox = async (app) => {
  let sweeping: Promise<unknown> = Promise.resolve();
  const drawPending = () =>
    (sweeping = sweeping.then(() =>
      drawDue(app.db).catch((error: unknown) =>
        app.log.error({ err: error }, 'giveaways: draw failed (the next sweep retries)'),
      ),
    ));
  const sweeper = setInterval(() => void drawPending(), DRAW_SWEEP_MS);
  sweeper.unref();
  app.addHook('preClose', async () => {
    clearInterval(sweeper);
    await sweeping;
  });

  const viewerOf = async (userId: number | undefined, list: Giveaway[]) => {
    if (userId === undefined) return null;
    const ids = list.map((g) => g.id);
    const [entered, wagered] = await Promise.all([
      enteredBy(app.db, userId, ids),
      list.some((g) => g.minWageredCents !== null)
        ? wageredCents(app.db, userId)
        : Promise.resolve(null),
    ]);
    return { entered, wageredCents: wagered };
  };

  app.get(
    '/api/giveaways',
    {
      onRequest: optionalAuth,
      schema: {
        tags: ['giveaways'],
        summary:
          'Open, upcoming and the latest ended giveaways (with the caller’s status when signed in)',
        security: bearerAuth,
        response: { 200: Type.Object({ data: Type.Array(GiveawayBody) }) },
      },
    },
    async (request) => {
      let list = await listedGiveaways(app.db);
      // The draw-on-read: one past its end is drawn before the answer.
      if (list.some((g) => statusOf(g, new Date()) === 'drawing')) {
        await drawPending();
        list = await listedGiveaways(app.db);
      }
      const now = new Date();
      const ids = list.map((g) => g.id);
      const [counts, winners, viewer] = await Promise.all([
        entrantCounts(app.db, ids),
        winnersOf(app.db, ids),
        viewerOf(request.user?.id, list),
      ]);
      return {
        data: list.map((g) =>
          giveawayJson(
            g,
            now,
            counts.get(g.id) ?? 0,
            winners.filter((w) => w.giveawayId === g.id),
            viewer,
          ),
        ),
      };
    },
  );

  app.get(
    '/api/giveaways/:id',
    {
      onRequest: optionalAuth,
      schema: {
        tags: ['giveaways'],
        summary: 'One giveaway; once drawn, its server seed and the entrants in entry order',
        description:
          'Recompute the draw: with n entrants and k = min(winners_count, n), the floats of ' +
          'HMAC_SHA256(server_seed, "giveaway:<id>:<n>:<round>") (8 per digest, 4 bytes each), ' +
          'float r picking floor(f * remaining) from the entrants not yet drawn, in entry order.',
        security: bearerAuth,
        params: IdParams,
        response: { 200: GiveawayDetailBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const id = giveawayIdOf(request.params.id);
      let giveaway = await findGiveaway(app.db, id);
      if (!giveaway) throw notFound();
      if (statusOf(giveaway, new Date()) === 'drawing') {
        await drawPending();
        giveaway = (await findGiveaway(app.db, id))!;
      }
      const now = new Date();
      const drawn = giveaway.drawnAt !== null;
      const [counts, winners, viewer, entrants] = await Promise.all([
        entrantCounts(app.db, [id]),
        winnersOf(app.db, [id]),
        viewerOf(request.user?.id, [giveaway]),
        drawn ? entrantsOf(app.db, id) : Promise.resolve(null),
      ]);
      const positions = new Map(entrants?.map((e, position) => [e.userId, position]));
      return {
        ...giveawayJson(giveaway, now, counts.get(id) ?? 0, winners, viewer),
        server_seed: drawn ? giveaway.serverSeed : null,
        entrants: entrants?.map((e, position) => ({ position, name: e.name })) ?? null,
        draw: drawn
          ? winners.map((w) => ({ rank: w.rank, position: positions.get(w.userId) ?? -1 }))
          : null,
      };
    },
  );

  app.post(
    '/api/giveaways/:id/entries',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['giveaways'],
        summary: 'Enter a giveaway (once; while it is open; when the entry rule is met)',
        security: bearerAuth,
        params: IdParams,
        response: {
          201: Type.Object({ entered: Type.Literal(true), entrants_count: Type.Integer() }),
          ...errorResponses,
          404: ErrorBody,
          403: PlayRefusalBody,
        },
      },
    },
    async (request, reply) => {
      const id = giveawayIdOf(request.params.id);
      const giveaway = await findGiveaway(app.db, id);
      if (!giveaway) throw notFound();
      await enterGiveaway(app.db, giveaway, request.user!.id, new Date());
      const counts = await entrantCounts(app.db, [id]);
      return reply.code(201).send({ entered: true, entrants_count: counts.get(id) ?? 0 });
    },
  );

  app.post(
    '/api/admin/giveaways',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Create a giveaway (its server seed is generated; only its hash is shown)',
        security: bearerAuth,
        body: CreateBody,
        response: { 201: GiveawayBody, ...adminErrors },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const giveaway = await createGiveaway(
        app.db,
        request.user!.id,
        newGiveawayOf(request.body, now),
      );
      return reply.code(201).send(giveawayJson(giveaway, now, 0, [], null));
    },
  );
};
