// Names for the wire types the code uses, read from api.gen.ts (generated from the server's
// OpenAPI document by `npm run wire:types`): what a route answers or takes is the server's TypeBox
// schema, never a copy. The shell (src/), the games and the tests import them from here.
import type { paths } from './api.gen';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body a route answers with `status` (200 unless told). */
export type Answer<Path extends keyof paths, M extends Method, Status extends number = 200> =
  NonNullable<paths[Path][M]> extends { responses: infer Responses }
    ? Status extends keyof Responses
      ? JsonContent<Responses[Status]>
      : never
    : never;

/** The JSON body a route takes. */
export type RequestBody<Path extends keyof paths, M extends Method> =
  NonNullable<paths[Path][M]> extends { requestBody?: infer Body }
    ? JsonContent<NonNullable<Body>>
    : never;

// The session
/** The signed-in user as GET /api/user answers it. */
export type User = Answer<'/api/user', 'get'>;
export type Balance = Answer<'/api/user/balance', 'get'>;
export type LoginBody = RequestBody<'/api/login', 'post'>;
export type LoginAnswer = Answer<'/api/login', 'post'>;
export type RegisterBody = RequestBody<'/api/register', 'post'>;
/** POST /api/register/confirm: the new account's token and user. */
export type SessionAnswer = Answer<'/api/register/confirm', 'post', 201>;

// Bets
/** Every instant game's bet route (`/api/games/<id>/bets`): they all answer with one schema. */
export type GameBetPath = Extract<keyof paths, `/api/games/${string}/bets`>;
/** A page of the player's bets (GET /api/bets). */
export type BetPage = Answer<'/api/bets', 'get'>;
/** A bet as the server answers it (amounts in currency units, the multiplier with 4 decimals). */
export type BetJson = BetPage['data'][number];
/**
 * Every bet route's answer: the bet and the balance after it. One schema on the server for every
 * game's bet, step and cash-out (BetAnswerBody, server/modules/bets/json.ts).
 */
export type BetAnswer = Answer<GameBetPath, 'post'>;
/** One bet with its seed once revealed (GET /api/bets/{id}). */
export type BetDetailJson = Answer<'/api/bets/{id}', 'get'>;
/** The player's seed pairs (GET /api/fairness, POST /api/fairness/rotate). */
export type FairnessJson = Answer<'/api/fairness', 'get'>;

// Profiles and images
/** A player's public profile (GET /api/profile/{id}). */
export type Profile = Answer<'/api/profile/{id}', 'get'>;
export type ProfileStats = NonNullable<Profile['stats']>;
/** A settled bet as a profile shows it (no seeds, params or results). */
export type PublicBet = Profile['recent_bets'][number];
export type GalleryImage = Answer<'/api/users/{id}/images', 'get'>['data'][number];
export type UploadedImage = Answer<'/api/images', 'post', 201>;
