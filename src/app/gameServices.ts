import type { GameRequest, GameServices, RequestOptions } from '../../games/shared/wire/services';
import { errorBody, errorStatus, http } from '../api/client';
import { text } from '../api/errorDialog';
import type { PlayRefusal } from '../api/responsiblePlay';
import { noteRefusal, playState } from '../state/play';
import { openEvents } from '../api/events';
import { subscribe } from 'valtio';
import { changeGameSettings, gameSettingsState, resolvedGameSettings } from '../state/gameSettings';
import { authState, setBalance } from '../state/auth';
import { goTo } from '../state/navigation';
import { keepStake, takeKeptStake } from './keptStake';
import { navigationDeps } from './navigationDeps';

/**
 * The app's axios client as a game's request function (errors show the usual dialogs). A game's
 * call refused by the player's own limits or break (403) shows no dialog: the refusal goes to
 * playState, which the game's panel shows until a call of the game is taken again.
 */
export const gameRequest: GameRequest = async <T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  options: RequestOptions = {},
) => {
  const post = method === 'POST';
  try {
    const response = await http.request<T>({
      method,
      url: path,
      data: post ? (body ?? {}) : undefined,
      headers: options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : undefined,
      silent: options.silent ?? false,
      quietStatuses: post ? [...(options.quietStatuses ?? []), 403] : options.quietStatuses,
    });
    if (post && playState.refusal) noteRefusal(null);
    return response.data;
  } catch (error) {
    if (post && errorStatus(error) === 403) noteRefusal(refusalOf(errorBody(error)));
    throw error;
  }
};

function refusalOf(body: Record<string, unknown> | null): PlayRefusal {
  const code = body?.code === 'play_limit' || body?.code === 'play_block' ? body.code : undefined;
  return {
    message: text(body?.message) ?? '',
    ...(text(body?.title) ? { title: text(body?.title) } : {}),
    ...(code ? { code } : {}),
  };
}

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
    feel: {
      get: () => resolvedGameSettings(gameSettingsState.settings),
      subscribe: (listener) => subscribe(gameSettingsState, listener),
      setInstant: (on) => void changeGameSettings({ instant: on }),
    },
  };
}
