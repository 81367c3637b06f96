import type { BetAnswer, BetJson, GameRequest } from './services';

export interface BetPage {
  data: BetJson[];
  next_cursor: string | null;
}

export interface ActivePairJson {
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

export interface RevealedPairJson {
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  revealed_at: string;
}

export interface FairnessJson {
  active: ActivePairJson;
  previous: RevealedPairJson | null;
}

export interface BetDetailJson extends BetJson {
  server_seed: string | null;
  revealed_at: string | null;
}

export interface RouletteBetInput {
  type: string;
  selection: number[];
  amount: number;
}

/** A fresh Idempotency-Key for one bet attempt. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The game, bet and fairness calls of issue 6, on top of the shell's request function. */
export function gameApi(request: GameRequest) {
  const bet = <T = BetAnswer>(path: string, body?: unknown) =>
    request<T>('POST', path, body ?? {}, { idempotencyKey: newIdempotencyKey() });
  return {
    diceBet: (body: { amount: number; target: number; condition: 'under' | 'over' }) =>
      bet('/api/games/dice/bets', body),
    minesStart: (body: { amount: number; mines: number }) => bet('/api/games/mines/games', body),
    minesReveal: (id: number, tile: number) =>
      request<BetAnswer>('POST', `/api/games/mines/games/${id}/reveal`, { tile }),
    minesCashout: (id: number) =>
      request<BetAnswer>('POST', `/api/games/mines/games/${id}/cashout`, {}),
    minesActive: () =>
      request<{ bet: BetJson | null; balance: number }>(
        'GET',
        '/api/games/mines/active',
        undefined,
        {
          silent: true,
        },
      ),
    rouletteSpin: (bets: RouletteBetInput[]) => bet('/api/games/roulette/spins', { bets }),
    bets: (game: string, cursor?: string | null) =>
      request<BetPage>(
        'GET',
        `/api/bets?game=${encodeURIComponent(game)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      ),
    bet: (id: number) => request<BetDetailJson>('GET', `/api/bets/${id}`),
    fairness: () => request<FairnessJson>('GET', '/api/fairness'),
    rotate: (clientSeed?: string) =>
      request<FairnessJson>(
        'POST',
        '/api/fairness/rotate',
        clientSeed ? { client_seed: clientSeed } : {},
      ),
  };
}

export type GameApi = ReturnType<typeof gameApi>;
