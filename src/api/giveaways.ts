import type { Answer, RequestBody } from '../../games/shared/wire/types';
import { http } from './client';

/** A giveaway as GET /api/giveaways lists it. */
export type Giveaway = Answer<'/api/giveaways', 'get'>['data'][number];
export type GiveawayStatus = Giveaway['status'];
/** GET /api/giveaways/{id}: once drawn, what anyone needs to recompute the draw. */
export type GiveawayDetail = Answer<'/api/giveaways/{id}', 'get'>;
export type NewGiveaway = RequestBody<'/api/admin/giveaways', 'post'>;

export const giveawaysApi = {
  list: () =>
    http.get<{ data: Giveaway[] }>('/api/giveaways', { silent: true }).then((r) => r.data.data),
  detail: (id: number) =>
    http.get<GiveawayDetail>(`/api/giveaways/${id}`, { silent: true }).then((r) => r.data),
  /** Silent: the page shows why an entry was refused beside the giveaway. */
  enter: (id: number) =>
    http
      .post<Answer<'/api/giveaways/{id}/entries', 'post', 201>>(
        `/api/giveaways/${id}/entries`,
        {},
        { silent: true },
      )
      .then((r) => r.data),
  create: (body: NewGiveaway) =>
    http
      .post<Answer<'/api/admin/giveaways', 'post', 201>>('/api/admin/giveaways', body)
      .then((r) => r.data),
};
