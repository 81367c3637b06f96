import type { GameRequest, GameServices, RequestOptions } from '../../games/shared/services';
import { http } from '../api/client';
import { openEvents } from '../api/events';
import { authState, setBalance } from '../state/auth';
import { goTo } from '../state/navigation';
import { keepStake, takeKeptStake } from './keptStake';
import { navigationDeps } from './navigationDeps';

/** The app's axios client as a game's request function (errors show the usual dialogs). */
export const gameRequest: GameRequest = async <T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  options: RequestOptions = {},
) => {
  const response = await http.request<T>({
    method,
    url: path,
    data: method === 'POST' ? (body ?? {}) : undefined,
    headers: options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : undefined,
    silent: options.silent ?? false,
    quietStatuses: options.quietStatuses,
  });
  return response.data;
};

/** What a game's panel gets from the shell (games/ may not import src/). */
export function gameServices(isAuthenticated: boolean): GameServices {
  return {
    request: gameRequest,
    events: openEvents,
    balance: () => authState.user_balance,
    setBalance,
    isAuthenticated,
    requireLogin: (stakeCents) => {
      const here = window.location.pathname;
      if (stakeCents !== undefined) keepStake(here, stakeCents);
      navigationDeps.saveIntendedUrl(here + window.location.search);
      goTo('/login');
    },
    keptStakeCents: () => takeKeptStake(window.location.pathname),
  };
}
