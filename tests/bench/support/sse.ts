// A small HTTP client for the live benchmarks on plain node:http: JSON requests and
// server-sent event streams (text/event-stream) split into events, each stamped with the local
// clock as its bytes arrive. Thousands of them share one keep-alive agent.
import http from 'node:http';
import { sseParser, type SseEvent } from '../../support/sse';

/** A keep-alive agent with no cap on sockets: one per request in flight or stream open. */
export function keepAliveAgent(): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 4096 });
}

export interface JsonAnswer {
  status: number;
  body: unknown;
}

/** One JSON request; rejects on a network error or no answer within `timeoutMs`. */
export function jsonRequest(
  agent: http.Agent,
  url: string,
  options: {
    method: string;
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
    timeoutMs?: number;
  },
): Promise<JsonAnswer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(url, {
      agent,
      method: options.method,
      headers: {
        accept: 'application/json',
        ...(payload === undefined
          ? {}
          : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
    });
    req.setTimeout(options.timeoutMs ?? 30_000, () =>
      req.destroy(new Error(`no answer within ${options.timeoutMs ?? 30_000} ms`)),
    );
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (piece: string) => (text += piece));
      res.on('error', reject);
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          // not JSON: the text as it came
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.end(payload);
  });
}

export interface EventStreamHandlers {
  /** The answer's head: status and content type (the stream is open from here on a 200). */
  onOpen: (status: number, contentType: string) => void;
  onEvent?: (event: SseEvent) => void;
  /**
   * The text as it arrives, with the local clock then, instead of onEvent: for a reader that
   * picks a field or two out of many events (the parse would cost this process more than the
   * server's sending).
   */
  onText?: (piece: string, at: number) => void;
  /** The stream ended: by the server (null), by close(), or on an error. */
  onEnd: (error: Error | null) => void;
}

/**
 * GET `url` as text/event-stream. Events are split on blank lines (`event:` and `data:` fields;
 * comments such as heartbeats are skipped); `idleTimeoutMs` (40 s) without a byte (heartbeats
 * count) ends it with an error. close() ends it from this side.
 */
export function openEventStream(
  agent: http.Agent,
  url: string,
  token: string,
  handlers: EventStreamHandlers,
  options: { headers?: Record<string, string>; idleTimeoutMs?: number } = {},
): { close: () => void } {
  const idleTimeoutMs = options.idleTimeoutMs ?? 40_000;
  let ended = false;
  const end = (error: Error | null) => {
    if (ended) return;
    ended = true;
    handlers.onEnd(error);
  };
  const req = http.request(url, {
    agent,
    headers: {
      accept: 'text/event-stream',
      authorization: `Bearer ${token}`,
      ...options.headers,
    },
  });
  req.setTimeout(idleTimeoutMs, () =>
    req.destroy(new Error(`stream idle for ${idleTimeoutMs} ms`)),
  );
  req.on('error', (error) => end(error));
  req.on('response', (res) => {
    handlers.onOpen(res.statusCode ?? 0, String(res.headers['content-type'] ?? ''));
    const parse = sseParser();
    const { onEvent, onText } = handlers;
    res.setEncoding('utf8');
    res.on('data', (piece: string) => {
      if (onText) onText(piece, Date.now());
      else if (onEvent) for (const event of parse(piece)) onEvent(event);
    });
    res.on('end', () => end(null));
    res.on('error', (error) => end(error));
    res.on('close', () => end(res.complete ? null : new Error('stream cut before its end')));
  });
  req.end();
  return {
    close: () => {
      if (ended) return;
      end(null);
      req.destroy();
    },
  };
}

/**
 * Reads the `bet` events of the live bets feed as text arrives: for each, the settlement time
 * (the `time` field, epoch ms) and whether it is a dice bet, without parsing its JSON.
 */
export function betTimes(onBet: (settledAt: number, dice: boolean, at: number) => void) {
  let rest = '';
  return (piece: string, at: number) => {
    const text = rest + piece;
    const end = text.lastIndexOf('\n\n');
    if (end < 0) {
      rest = text;
      return;
    }
    rest = text.slice(end + 2);
    let from = 0;
    for (;;) {
      const start = text.indexOf('event: bet\n', from);
      if (start < 0 || start > end) break;
      const blockEnd = text.indexOf('\n\n', start);
      const time = text.indexOf('"time":"', start);
      if (time > 0 && time < blockEnd) {
        const game = text.indexOf('"game":"dice"', start);
        onBet(Date.parse(text.slice(time + 8, time + 32)), game > 0 && game < blockEnd, at);
      }
      from = blockEnd + 2;
    }
  };
}
