import type { GameRequest, RequestOptions } from '../wire/services';
import type { BetAnswer, BetDetailJson, BetPage, FairnessJson } from '../wire/types';

/** The HTTP status of a refused request (the rejection of GameRequest), or null without one. */
export function answerStatus(error: unknown): number | null {
  const status = (error as { response?: { status?: unknown } } | null)?.response?.status;
  return typeof status === 'number' ? status : null;
}

/** A fresh Idempotency-Key for one bet attempt. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Places a bet: POSTs `body` to a game's bet route with a fresh Idempotency-Key per attempt. */
export function postBet<T = BetAnswer>(
  request: GameRequest,
  path: string,
  body: unknown = {},
): Promise<T> {
  return request<T>('POST', path, body, { idempotencyKey: newIdempotencyKey() });
}

/** The bet history and fairness calls, on top of the shell's request function. */
export function gameApi(request: GameRequest) {
  return {
    /** A page of the player's bets in `game`: after `cursor`, at most `limit` (the server's default 20). */
    bets: (
      game: string,
      page: { cursor?: string | null; limit?: number } = {},
      options?: RequestOptions,
    ) => {
      const query = new URLSearchParams({ game });
      if (page.cursor) query.set('cursor', page.cursor);
      if (page.limit) query.set('limit', String(page.limit));
      return request<BetPage>('GET', `/api/bets?${query}`, undefined, options);
    },
    bet: (id: number) => request<BetDetailJson>('GET', `/api/bets/${id}`),
    fairness: () => request<FairnessJson>('GET', '/api/fairness'),
    /** Refusals (422: a game in progress, a bad client seed) are the caller's to show. */
    rotate: (clientSeed?: string) =>
      request<FairnessJson>(
        'POST',
        '/api/fairness/rotate',
        clientSeed ? { client_seed: clientSeed } : {},
        { quietStatuses: [422] },
      ),
  };
}

export type GameApi = ReturnType<typeof gameApi>;
