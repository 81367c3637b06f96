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
  onEvent: (event: SseEvent) => void;
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
    res.setEncoding('utf8');
    res.on('data', (piece: string) => {
      for (const event of parse(piece)) handlers.onEvent(event);
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
