import { createHash } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { cleanDisplayText, isStorableText } from '../../http/text';
import { randomString, sha256Hex } from '../auth/tokens';
import type { OAuthProviderConfig } from './config';
import { oauthStates } from './schema';

/** How long a started sign-in may take at the provider. */
export const STATE_TTL_MS = 10 * 60 * 1000;
const FETCH_TIMEOUT_MS = 10_000;

/** A provider answered something unusable (network, status, shape). */
export class OAuthProviderError extends Error {}

/**
 * Starts an authorization: a random state (stored hashed, single use, 10 minutes) and a PKCE
 * verifier; answers the provider's authorize URL.
 */
export async function authorizationUrl(
  db: Db,
  provider: OAuthProviderConfig,
  redirectUri: string,
): Promise<string> {
  const state = randomString(40);
  const codeVerifier = randomString(64);
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()));
  await db.insert(oauthStates).values({
    stateHash: sha256Hex(state),
    provider: provider.id,
    codeVerifier,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  const url = new URL(provider.authorizeUrl);
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', provider.scope);
  url.searchParams.set('state', state);
  url.searchParams.set(
    'code_challenge',
    createHash('sha256').update(codeVerifier).digest('base64url'),
  );
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

/** Takes the state back (deleting it): its PKCE verifier, or null when unknown, used or stale. */
export async function consumeState(
  db: Db,
  providerId: string,
  state: string,
): Promise<string | null> {
  const [row] = await db
    .delete(oauthStates)
    .where(
      and(
        eq(oauthStates.stateHash, sha256Hex(state)),
        eq(oauthStates.provider, providerId),
        gt(oauthStates.expiresAt, new Date()),
      ),
    )
    .returning({ codeVerifier: oauthStates.codeVerifier });
  return row?.codeVerifier ?? null;
}

async function fetchJson(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    throw new OAuthProviderError(`${url}: ${error instanceof Error ? error.message : error}`);
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new OAuthProviderError(`${url}: ${res.status} answered no JSON`);
  }
  if (!res.ok || !body || typeof body !== 'object') {
    throw new OAuthProviderError(`${url}: ${res.status} ${text.slice(0, 200)}`);
  }
  return body as Record<string, unknown>;
}

const headers = { accept: 'application/json', 'user-agent': 'casino-spa-server' };

/** The authorization code -> an access token (client_secret_post, with the PKCE verifier). */
export async function exchangeCode(
  provider: OAuthProviderConfig,
  code: string,
  redirectUri: string,
  codeVerifier: string,
): Promise<string> {
  const body = await fetchJson(provider.tokenUrl, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
      code_verifier: codeVerifier,
    }),
  });
  if (typeof body.access_token !== 'string' || !body.access_token) {
    throw new OAuthProviderError(`${provider.tokenUrl}: no access_token (${String(body.error)})`);
  }
  return body.access_token;
}

export interface OAuthProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
}

/**
 * The user behind an access token: OIDC userinfo (sub, email, email_verified, name) or GitHub's
 * /user (id, login, name) plus /user/emails for the primary verified address.
 */
export async function fetchProfile(
  provider: OAuthProviderConfig,
  accessToken: string,
): Promise<OAuthProfile> {
  const auth = { ...headers, authorization: `Bearer ${accessToken}` };
  const info = await fetchJson(provider.userinfoUrl, { headers: auth });
  const subject = info.sub ?? info.id;
  if ((typeof subject !== 'string' && typeof subject !== 'number') || subject === '') {
    throw new OAuthProviderError(`${provider.userinfoUrl}: no subject`);
  }
  if (String(subject).length > 255 || !isStorableText(String(subject))) {
    throw new OAuthProviderError(`${provider.userinfoUrl}: a subject that cannot be stored`);
  }
  let email = typeof info.email === 'string' && info.email ? info.email : null;
  let emailVerified = info.email_verified === true || info.email_verified === 'true';
  if (provider.emailsUrl && !emailVerified) {
    const res = await fetch(provider.emailsUrl, {
      headers: auth,
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    }).catch(() => null);
    const list: unknown = res?.ok ? await res.json().catch(() => null) : null;
    const primary = Array.isArray(list)
      ? (list as { email?: unknown; primary?: unknown; verified?: unknown }[]).find(
          (e) => e.primary === true && e.verified === true && typeof e.email === 'string',
        )
      : undefined;
    if (primary) {
      email = primary.email as string;
      emailVerified = true;
    }
  }
  // The provider's name is display text from outside: control characters and broken UTF-16 go.
  const name = [info.name, info.login, info.preferred_username, email?.split('@')[0]]
    .map((v) => (typeof v === 'string' ? cleanDisplayText(v).slice(0, 255).trim() : ''))
    .find((v) => v !== '');
  return { subject: String(subject), email, emailVerified, name: name ?? 'Player' };
}
