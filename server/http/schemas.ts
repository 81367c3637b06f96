import { Type } from 'typebox';

/** Shapes shared by many routes, for validation and the OpenAPI document. */
export const ErrorBody = Type.Object(
  { message: Type.String(), title: Type.Optional(Type.String()) },
  { $id: 'ErrorBody' },
);

export const ValidationErrorBody = Type.Object(
  {
    message: Type.String(),
    errors: Type.Record(Type.String(), Type.Array(Type.String())),
  },
  { $id: 'ValidationErrorBody' },
);

/** 422 of POST /api/login: `two_factor: true` when the account needs its one-time password. */
export const LoginValidationErrorBody = Type.Object({
  message: Type.String(),
  errors: Type.Record(Type.String(), Type.Array(Type.String())),
  two_factor: Type.Optional(Type.Boolean()),
});

/**
 * 403 of a bet, a game's start or a giveaway entry refused by the player's own limits, break or
 * self-exclusion (server/modules/responsible-play/): `code` tells which, with its details.
 */
export const PlayRefusalBody = Type.Object({
  message: Type.String(),
  title: Type.Optional(Type.String()),
  code: Type.Optional(Type.Union([Type.Literal('play_limit'), Type.Literal('play_block')])),
  limit: Type.Optional(
    Type.Object({
      kind: Type.String(),
      period: Type.String(),
      amount: Type.Number(),
      frees_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    }),
  ),
  block: Type.Optional(
    Type.Object({
      kind: Type.String(),
      until: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    }),
  ),
});

/** A plain confirmation: {message}. */
export const MessageBody = Type.Object({ message: Type.String() });

export const UserBody = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  email_verified_at: Type.Union([Type.String(), Type.Null()]),
  role: Type.String(),
  image_id: Type.Union([Type.String(), Type.Null()]),
  referral_code: Type.String(),
  two_factor_enabled: Type.Boolean(),
  /** The player's bets show "hidden" instead of their name in the live bets feed. */
  hide_name: Type.Boolean(),
  created_at: Type.String(),
});

export const Email = Type.String({ format: 'email', maxLength: 255 });
export const Password = Type.String({ minLength: 8, maxLength: 255 });

/** Standard error answers for a route's OpenAPI entry. */
export const errorResponses = {
  401: ErrorBody,
  422: ValidationErrorBody,
  429: ErrorBody,
} as const;

export const bearerAuth = [{ bearerAuth: [] }];

/**
 * A positive int4 id in a path. Not Type.Integer: TypeBox converts path and query strings
 * leniently ('1.5' -> 1, '0x10' -> 16, '1e3' -> 1000), which would address another row.
 */
export const IdParam = Type.String({
  pattern: '^[1-9][0-9]{0,9}$',
  description: 'positive integer id',
});

/** The number of an IdParam, or null past the int4 range (no row can have it). */
export function idOf(param: string): number | null {
  const id = Number(param);
  return id <= 2_147_483_647 ? id : null;
}
