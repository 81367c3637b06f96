import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { User } from '../../../games/shared/wire/types';
import { http } from '../../../src/api/client';
import { setCookieJar, type CookieJar } from '../../../src/state/cookieJar';
import { setNavigator } from '../../../src/state/navigation';

/** A recorded request at the HTTP boundary. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  data: unknown;
  params: unknown;
}

export interface FakeAnswer {
  status: number;
  data?: unknown;
  contentType?: string;
}

type Handler = (req: SeenRequest) => FakeAnswer | 'network-error';

/**
 * Replaces the client's transport (the HTTP boundary, nothing else): answers come from
 * `handler`, non-2xx statuses are raised as axios raises them.
 */
export function fakeHttp(handler: Handler): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const headers = AxiosHeaders.from(config.headers).toJSON() as Record<string, string>;
    const req: SeenRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      headers,
      data: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      params: config.params,
    };
    seen.push(req);
    const answer = handler(req);
    if (answer === 'network-error') {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    }
    const response = {
      status: answer.status,
      statusText: String(answer.status),
      data: answer.data ?? null,
      headers: new AxiosHeaders({ 'content-type': answer.contentType ?? 'application/json' }),
      config,
    };
    if (answer.status >= 200 && answer.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${answer.status}`,
      answer.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      null,
      response,
    );
  };
  http.defaults.adapter = adapter;
  return seen;
}

export interface MemoryCookie {
  value: string;
  days: number | undefined;
}

/** Cookies kept in a map: what the stores saved, and for how long. */
export function memoryCookies(): Map<string, MemoryCookie> {
  const store = new Map<string, MemoryCookie>();
  const jar: CookieJar = {
    get: (name) => store.get(name)?.value,
    set: (name, value, days) => void store.set(name, { value, days }),
    remove: (name) => void store.delete(name),
  };
  setCookieJar(jar);
  return store;
}

/** Where the app navigated. */
export function recordNavigation(): string[] {
  const visits: string[] = [];
  setNavigator((to) => visits.push(to));
  return visits;
}

/** The signed-in user as GET /api/user answers it. */
export const USER: User = {
  id: 7,
  name: 'Ada',
  email: 'ada@example.test',
  email_verified_at: null,
  role: 'user',
  image_id: null,
  referral_code: 'ADA123',
  two_factor_enabled: false,
  hide_name: false,
  created_at: '2026-03-05T10:00:00.000Z',
};
