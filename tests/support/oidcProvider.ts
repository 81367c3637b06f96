import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface ProviderAccount {
  email: string;
  email_verified: boolean;
  name: string;
}

export interface OidcClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface LocalOidcProvider {
  issuer: string;
  accounts: Map<string, ProviderAccount>;
  /** The OAUTH_<NAME>_* variables pointing the app at this provider. */
  env: (
    name: 'GITHUB' | 'GOOGLE' | 'MICROSOFT',
    clientId: string,
    clientSecret: string,
  ) => Record<string, string>;
  /** Starts answering, with one confidential client per entry (redirect URIs known by now). */
  start: (clients: OidcClient[]) => void;
  close: () => Promise<void>;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package, with its development login and
 * consent pages) on a free local port. Its address is known first (for the app's environment);
 * `start` registers the clients once the app's callback address is known.
 */
export async function startOidcProvider(): Promise<LocalOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, ProviderAccount>();

  const start = (clients: OidcClient[]) => {
    const provider = new Provider(issuer, {
      clients: clients.map((c) => ({
        client_id: c.clientId,
        client_secret: c.clientSecret,
        redirect_uris: [c.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      })),
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      pkce: { required: () => true },
      cookies: { keys: ['local-oidc-provider-test-key'] },
      features: { devInteractions: { enabled: true } },
      async findAccount(_ctx, sub) {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return { accountId: sub, claims: async () => ({ sub, ...account }) };
      },
    });
    server.on('request', provider.callback());
  };

  return {
    issuer,
    accounts,
    start,
    env: (name, clientId, clientSecret) => ({
      [`OAUTH_${name}_CLIENT_ID`]: clientId,
      [`OAUTH_${name}_CLIENT_SECRET`]: clientSecret,
      [`OAUTH_${name}_AUTHORIZE_URL`]: `${issuer}/auth`,
      [`OAUTH_${name}_TOKEN_URL`]: `${issuer}/token`,
      [`OAUTH_${name}_USERINFO_URL`]: `${issuer}/me`,
      [`OAUTH_${name}_EMAILS_URL`]: `${issuer}/no-such-emails-endpoint`,
      [`OAUTH_${name}_SCOPE`]: 'openid email profile',
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's part of the authorization: redirects followed by hand, cookies kept by name. */
export class BrowserSession {
  private cookies = new Map<string, string>();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Follows redirects until a response is not one, or its location starts with `stopAt`. */
  async follow(url: string, stopAt: string): Promise<{ url: string; res: Response | null }> {
    let current = url;
    for (let hops = 0; hops < 10; hops++) {
      if (current.startsWith(stopAt)) return { url: current, res: null };
      const res = await this.request(current);
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { url: current, res };
      current = new URL(location, current).toString();
    }
    throw new Error('too many redirects');
  }

  /** Submits the provider's development login, then its consent page; answers the callback URL. */
  async signIn(authorizeUrl: string, accountId: string, callbackPrefix: string): Promise<string> {
    let step = await this.follow(authorizeUrl, callbackPrefix);
    for (let rounds = 0; rounds < 3 && step.res; rounds++) {
      const html = await step.res.text();
      if (step.res.status !== 200) throw new Error(`provider answered ${step.res.status}: ${html}`);
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (!prompt) throw new Error(`no interaction form at ${step.url}: ${html.slice(0, 500)}`);
      const form = new URLSearchParams({ prompt });
      if (prompt === 'login') {
        form.set('login', accountId);
        form.set('password', 'any');
      }
      const submitted = await this.request(step.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      const next = submitted.headers.get('location');
      if (!next) throw new Error(`interaction submit answered ${submitted.status}`);
      step = await this.follow(new URL(next, step.url).toString(), callbackPrefix);
    }
    if (step.res) throw new Error('the provider never redirected back');
    return step.url;
  }
}
