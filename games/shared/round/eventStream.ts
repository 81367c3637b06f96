// Server-sent events (text/event-stream) read from a fetch body: EventSource cannot send the
// Authorization header, so the shell streams with fetch and this parser.

/** One event of a stream, its data parsed as JSON (or the text when it is not JSON). */
export interface ServerEvent {
  event: string;
  data: unknown;
}

/** Splits a stream's text into events as it arrives; comments (heartbeats) are skipped. */
export class EventStreamParser {
  private buffer = '';
  /** The stream's last `retry:` value (ms), or null. */
  retryMs: number | null = null;

  push(text: string): ServerEvent[] {
    this.buffer += text.replace(/\r\n?/g, '\n');
    const events: ServerEvent[] = [];
    let split: number;
    while ((split = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, split);
      this.buffer = this.buffer.slice(split + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon === 0) continue;
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
      }
      if (!data.length) continue;
      const text = data.join('\n');
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: the text itself
      }
      events.push({ event, data: parsed });
    }
    return events;
  }
}
