// A server-sent event reader for tests (Node has no EventSource): fetch's body stream, split
// into events, each stamped with the local clock when it arrived.

export interface SseEvent {
  event: string;
  data: string;
  /** Date.now() when the event arrived. */
  at: number;
}

/**
 * Splits a text/event-stream into events as its pieces arrive: `push` answers the events the
 * piece completed (comments such as heartbeats yield none).
 */
export function sseParser(): (piece: string) => SseEvent[] {
  let buffer = '';
  return (piece) => {
    buffer += piece;
    const events: SseEvent[] = [];
    let split: number;
    while ((split = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, split);
      buffer = buffer.slice(split + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length) events.push({ event, data: data.join('\n'), at: Date.now() });
    }
    return events;
  };
}

export interface SseStream {
  status: number;
  contentType: string | null;
  events: SseEvent[];
  /** Everything received, comments (heartbeats) included. */
  raw: () => string;
  /** The first event (already received or to come) named `name`. */
  next: (name: string, timeoutMs?: number) => Promise<SseEvent>;
  /** The first event (already received or to come) that `match` accepts. */
  find: (match: (event: SseEvent) => boolean, timeoutMs?: number) => Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
}

/** Opens a stream; signed in with `token`, anonymous when it is empty. */
export async function openSse(url: string, token: string): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: {
      accept: 'text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  let text = '';
  const parse = sseParser();
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const piece = decoder.decode(value, { stream: true });
        text += piece;
        const fresh = parse(piece);
        if (!fresh.length) continue;
        events.push(...fresh);
        for (const wake of waiters.splice(0)) wake();
      }
    } catch {
      // aborted by close()
    }
    for (const wake of waiters.splice(0)) wake();
  })();
  let over = false;
  void ended.then(() => (over = true));
  const find = async (match: (event: SseEvent) => boolean, timeoutMs = 10_000, what = 'event') => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      if (over) throw new Error(`stream ended without the ${what}: ${text.slice(-2000)}`);
      if (Date.now() > deadline)
        throw new Error(`no ${what} within ${timeoutMs} ms: ${text.slice(-2000)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  };
  const next = (name: string, timeoutMs = 10_000) =>
    find((e) => e.event === name, timeoutMs, `'${name}' event`);
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    events,
    raw: () => text,
    next,
    find: (match, timeoutMs) => find(match, timeoutMs),
    ended,
    close: () => controller.abort(),
  };
}
