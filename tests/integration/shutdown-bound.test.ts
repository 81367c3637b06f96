// A stop that always ends: a request stuck in flight (its body never arrives) would hold the
// server's close for as long as the client keeps its connection; after SIGTERM it gets the grace
// period, then its connection is cut and the server exits 0 within 10 s.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server';

describe('SIGTERM with a request stuck in flight', () => {
  let server: RunningServer;
  let socket: net.Socket | undefined;
  beforeAll(async () => {
    server = await startServer({ env: { LOG_LEVEL: 'info' } });
  });
  afterAll(async () => {
    socket?.destroy();
    await server?.stop();
  });

  it('cuts the stuck request after the grace and exits 0 within 10 s', async () => {
    socket = net.connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket!.once('connect', resolve));
    // A login whose 100-byte body stops after its first byte: the request stays in flight.
    socket.write(
      'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{',
    );
    socket.on('error', () => undefined);
    const cut = new Promise<void>((resolve) => socket!.once('close', () => resolve()));
    await new Promise((r) => setTimeout(r, 300)); // the server has read the headers

    const started = Date.now();
    const exited = new Promise<number | null>((resolve) =>
      server.process.once('exit', (code) => resolve(code)),
    );
    server.process.kill('SIGTERM');
    const code = await exited;
    const tookMs = Date.now() - started;
    await cut;

    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(10_000);
    expect(server.output()).toMatch(/requests still open after 5000 ms: cut/);
    expect(server.output()).toMatch(/SIGTERM: closed in \d+ ms/);
  }, 30_000);
});
