import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Delivered {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  /** SMTP_URL for the server under test. */
  url: string;
  inbox: Delivered[];
  /** Keeps every mail waiting for its final answer (a slow mail server) until the release. */
  hold: () => () => void;
  close: () => Promise<void>;
}

/**
 * A local SMTP sink: the outside world's mail server, keeping what it receives. hold() makes it
 * keep every mail waiting for its final answer (a slow mail server) until the release it returns.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const inbox: Delivered[] = [];
  let held: Promise<void> = Promise.resolve();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void held.then(() => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    hold: () => {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return release;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
