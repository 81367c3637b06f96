import { http } from './client';

export type GiveawayStatus = 'upcoming' | 'open' | 'drawing' | 'ended';

interface GiveawayWinner {
  rank: number;
  /** null: the player hides their name. */
  name: string | null;
  prize: number;
}

/** A giveaway as GET /api/giveaways lists it. */
export interface Giveaway {
  id: number;
  title: string;
  prize: number;
  winners_count: number;
  starts_at: string;
  ends_at: string;
  drawn_at: string | null;
  status: GiveawayStatus;
  min_wagered: number | null;
  entrants_count: number;
  server_seed_hash: string;
  entered: boolean;
  eligible: boolean | null;
  wagered: number | null;
  winners: GiveawayWinner[];
}

/** GET /api/giveaways/{id}: once drawn, what anyone needs to recompute the draw. */
export interface GiveawayDetail extends Giveaway {
  server_seed: string | null;
  entrants: { position: number; name: string | null }[] | null;
  draw: { rank: number; position: number }[] | null;
}

export interface NewGiveaway {
  title: string;
  prize: number;
  winners_count: number;
  starts_at?: string;
  ends_at: string;
  min_wagered?: number | null;
}

export const giveawaysApi = {
  list: () =>
    http.get<{ data: Giveaway[] }>('/api/giveaways', { silent: true }).then((r) => r.data.data),
  detail: (id: number) =>
    http.get<GiveawayDetail>(`/api/giveaways/${id}`, { silent: true }).then((r) => r.data),
  /** Silent: the page shows why an entry was refused beside the giveaway. */
  enter: (id: number) =>
    http
      .post<{ entered: true; entrants_count: number }>(
        `/api/giveaways/${id}/entries`,
        {},
        { silent: true },
      )
      .then((r) => r.data),
  create: (body: NewGiveaway) =>
    http.post<Giveaway>('/api/admin/giveaways', body).then((r) => r.data),
};
