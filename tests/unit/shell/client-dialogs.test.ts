import http_ from 'node:http';
import type { AddressInfo } from 'node:net';
import { AxiosError } from 'axios';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../../src/api/client';
import {
  dialogForErrorAnswer,
  dialogForNoAnswer,
  firstFieldMessages,
} from '../../../src/api/errorDialog';
import { initI18n } from '../../../src/i18n';
import { authState, emptyAuthState } from '../../../src/state/auth';
import { closeDialog, uiState } from '../../../src/state/ui';
import { fakeHttp, memoryCookies, recordNavigation, USER, type FakeAnswer } from './support';

let visits: string[];

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  memoryCookies();
  visits = recordNavigation();
  Object.assign(authState, emptyAuthState());
  uiState.dialogs = [];
});

const failWith = async (answer: FakeAnswer | 'network-error', config = {}) => {
  fakeHttp(() => answer);
  const error = await http.get('/api/thing', config).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AxiosError); // re-raised to the caller
  return uiState.dialogs;
};

describe('the global answer handling (spec section 8)', () => {
  it('401 while logged in: a warning with OK and cancel; OK logs out and goes to login', async () => {
    authState.user = { ...USER };
    authState.token = '1|abc';
    const seen = fakeHttp((req) =>
      req.url === '/api/logout'
        ? { status: 401, data: {} }
        : { status: 401, data: { message: 'Unauthenticated.' } },
    );
    await http.get('/api/wallet/info').catch(() => undefined);
    await http.get('/api/user/balance').catch(() => undefined);
    expect(uiState.dialogs).toHaveLength(1); // one warning however many calls failed
    const dialog = uiState.dialogs[0]!;
    expect(dialog).toMatchObject({ kind: 'warning', title: 'Session expired', cancellable: true });
    closeDialog(dialog.id, true);
    await expect.poll(() => visits).toEqual(['/login']);
    expect(authState.user).toBeNull();
    expect(authState.token).toBeNull();
    expect(seen.map((r) => r.url)).toContain('/api/logout');
  });

  it('401 while logged out shows nothing', async () => {
    expect(await failWith({ status: 401, data: { message: 'Unauthenticated.' } })).toEqual([]);
  });

  it('400/402/403/404: the server title or "Error", and the server message', async () => {
    expect(
      await failWith({ status: 403, data: { title: 'Forbidden', message: 'Not yours.' } }),
    ).toMatchObject([{ kind: 'error', title: 'Forbidden', text: 'Not yours.' }]);
    uiState.dialogs = [];
    for (const status of [400, 402, 404]) {
      uiState.dialogs = [];
      expect(await failWith({ status, data: { message: `m${status}` } })).toMatchObject([
        { title: 'Error', text: `m${status}` },
      ]);
    }
  });

  it('422: the first message of each field, one per line', async () => {
    const dialogs = await failWith({
      status: 422,
      data: { message: 'Invalid.', errors: { email: ['Taken.', 'Second.'], name: ['Required.'] } },
    });
    expect(dialogs).toMatchObject([{ kind: 'error', lines: ['Taken.', 'Required.'] }]);
    expect(firstFieldMessages({ errors: { a: 'x', b: [] } })).toEqual(['x']);
  });

  it('429: the translated too-many-requests dialog', async () => {
    expect(await failWith({ status: 429, data: { message: 'Slow down' } })).toMatchObject([
      { kind: 'warning', title: 'Too many requests' },
    ]);
  });

  it('500 with an HTML page: the page for a sandboxed frame; JSON: a generic dialog; one at a time', async () => {
    const html = '<!doctype html><h1>Boom</h1>';
    expect(
      await failWith({ status: 500, data: html, contentType: 'text/html; charset=utf-8' }),
    ).toMatchObject([{ kind: 'html', html }]);
    await failWith({ status: 503, data: { message: 'x' } });
    expect(uiState.dialogs).toHaveLength(1);
    uiState.dialogs = [];
    expect(await failWith({ status: 502, data: { message: 'x' } })).toMatchObject([
      { kind: 'error', title: 'Server error' },
    ]);
  });

  it('no answer: the message as axios words it ("Network Error")', async () => {
    expect(await failWith('network-error')).toMatchObject([
      { kind: 'error', text: 'Network Error' },
    ]);
  });

  it("a real time-out: 'timeout of {n}ms exceeded', and no default timeout otherwise", async () => {
    expect(http.defaults.timeout ?? 0).toBe(0);
    const silentServer = http_.createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => silentServer.listen(0, '127.0.0.1', resolve));
    const { port } = silentServer.address() as AddressInfo;
    const error = await http
      .get(`http://127.0.0.1:${port}/api/slow`, { adapter: 'http', timeout: 50 })
      .catch((e: unknown) => e);
    silentServer.closeAllConnections();
    silentServer.close();
    expect(error).toBeInstanceOf(AxiosError);
    expect(uiState.dialogs).toMatchObject([{ kind: 'error', text: 'timeout of 50ms exceeded' }]);
  });

  it("'Request aborted' is shown as axios words it; a cancel by the app shows nothing", async () => {
    const t = (k: string) => k;
    expect(dialogForNoAnswer('ECONNABORTED', 'Request aborted', t)).toMatchObject({
      text: 'Request aborted',
    });
    expect(dialogForNoAnswer('ERR_CANCELED', 'canceled', t)).toBeNull();
  });

  it('silent state fetches show no dialog', async () => {
    expect(await failWith({ status: 500, data: { message: 'x' } }, { silent: true })).toEqual([]);
  });

  it('200/201 with a title and a message: the success dialog; without: none', async () => {
    fakeHttp(() => ({ status: 201, data: { title: 'Claimed', message: 'Rakeback credited.' } }));
    await http.post('/api/x');
    expect(uiState.dialogs).toMatchObject([
      { kind: 'success', title: 'Claimed', text: 'Rakeback credited.' },
    ]);
    uiState.dialogs = [];
    fakeHttp(() => ({ status: 200, data: { message: 'ok' } }));
    await http.post('/api/x');
    expect(uiState.dialogs).toEqual([]);
  });

  it('a two-factor 422 is the login form step, not a dialog', () => {
    const t = (k: string) => k;
    expect(
      dialogForErrorAnswer(
        { status: 422, data: { two_factor: true, errors: { one_time_password: ['x'] } } },
        t,
        false,
        () => {},
      ),
    ).toBeNull();
  });
});
