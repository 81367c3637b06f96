import { EventStreamParser } from '../../games/shared/round/eventStream';
import type { OpenEvents } from '../../games/shared/wire/services';
import { appConfig } from '../config';
import { authState } from '../state/auth';
import { langState } from '../state/lang';

/** EventSource's default wait before a reconnect, until the stream sets `retry`. */
const DEFAULT_RETRY_MS = 3000;

/**
 * A server-sent event stream read with fetch (EventSource cannot send the bearer token); after
 * a drop it reconnects like EventSource, and the server answers the current state again. A 4xx
 * answer is final (the round is not the player's, or the session ended).
 */
export const openEvents: OpenEvents = (path, onEvent) => {
  let closed = false;
  let controller: AbortController | null = null;
  const parser = new EventStreamParser();
  const connect = async () => {
    while (!closed) {
      controller = new AbortController();
      try {
        const headers: Record<string, string> = { Accept: 'text/event-stream' };
        if (authState.token) headers.Authorization = `Bearer ${authState.token}`;
        if (langState.locale) headers['Accept-Language'] = langState.locale;
        const response = await fetch(`${appConfig.appUrlApi}${path}`, {
          headers,
          signal: controller.signal,
        });
        if (response.status >= 400 && response.status < 500) return;
        const reader = response.body?.getReader();
        const decoder = new TextDecoder();
        while (reader && !closed) {
          const { done, value } = await reader.read();
          if (done) break;
          for (const event of parser.push(decoder.decode(value, { stream: true }))) {
            if (!closed) onEvent(event);
          }
        }
      } catch {
        // a drop: reconnect below
      }
      if (!closed) {
        await new Promise((resolve) => setTimeout(resolve, parser.retryMs ?? DEFAULT_RETRY_MS));
      }
    }
  };
  void connect();
  return () => {
    closed = true;
    controller?.abort();
  };
};
