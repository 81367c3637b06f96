export const OAUTH_PROVIDERS = ['github', 'google', 'microsoft'] as const;
export type OAuthProviderId = (typeof OAUTH_PROVIDERS)[number];

/** One provider's client registration and endpoints. */
export interface OAuthProviderConfig {
  id: OAuthProviderId;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  /** GitHub only: where the account's e-mails and their verified flags are listed. */
  emailsUrl: string | null;
  scope: string;
}

const DEFAULTS: Record<
  OAuthProviderId,
  Omit<OAuthProviderConfig, 'id' | 'clientId' | 'clientSecret'>
> = {
  github: {
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    emailsUrl: 'https://api.github.com/user/emails',
    scope: 'read:user user:email',
  },
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    emailsUrl: null,
    scope: 'openid email profile',
  },
  microsoft: {
    authorizeUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    userinfoUrl: 'https://graph.microsoft.com/oidc/userinfo',
    emailsUrl: null,
    scope: 'openid email profile',
  },
};

/**
 * OAUTH_<PROVIDER>_CLIENT_ID and _CLIENT_SECRET enable a provider; _AUTHORIZE_URL, _TOKEN_URL,
 * _USERINFO_URL, _EMAILS_URL (GitHub) and _SCOPE override the real provider's values.
 */
export function oauthProvidersFromEnv(
  env: NodeJS.ProcessEnv,
): Record<OAuthProviderId, OAuthProviderConfig | null> {
  const read = (id: OAuthProviderId): OAuthProviderConfig | null => {
    const prefix = `OAUTH_${id.toUpperCase()}_`;
    const clientId = env[`${prefix}CLIENT_ID`];
    const clientSecret = env[`${prefix}CLIENT_SECRET`];
    if (!clientId || !clientSecret) return null;
    const defaults = DEFAULTS[id];
    return {
      id,
      clientId,
      clientSecret,
      authorizeUrl: env[`${prefix}AUTHORIZE_URL`] || defaults.authorizeUrl,
      tokenUrl: env[`${prefix}TOKEN_URL`] || defaults.tokenUrl,
      userinfoUrl: env[`${prefix}USERINFO_URL`] || defaults.userinfoUrl,
      emailsUrl: env[`${prefix}EMAILS_URL`] || defaults.emailsUrl,
      scope: env[`${prefix}SCOPE`] || defaults.scope,
    };
  };
  return { github: read('github'), google: read('google'), microsoft: read('microsoft') };
}
