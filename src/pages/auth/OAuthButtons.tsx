import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints';
import { appConfig } from '../../config';
import { openDialog } from '../../state/ui';

export const OAUTH_PROVIDERS = ['github', 'google', 'microsoft'] as const;

/**
 * Origins whose popup messages are trusted: this app's, and the API's when the API is served
 * from elsewhere (APP_URL_API): the provider's callback page is the API's.
 */
export function trustedOrigins(appOrigin: string, apiUrl: string): string[] {
  if (!apiUrl) return [appOrigin];
  try {
    const apiOrigin = new URL(apiUrl, appOrigin).origin;
    return apiOrigin === appOrigin ? [appOrigin] : [appOrigin, apiOrigin];
  } catch {
    return [appOrigin];
  }
}

/** A token posted back by the provider's callback page, from a trusted origin only. */
export function tokenFromMessage(
  event: { origin: string; data: unknown },
  origins: readonly string[],
): string | null {
  if (!origins.includes(event.origin)) return null;
  const data = event.data as { token?: unknown } | null;
  return data && typeof data.token === 'string' && data.token !== '' ? data.token : null;
}

/** The callback page posts {error} when the provider refused or failed. */
function providerError(data: unknown): string | null {
  const error = (data as { error?: unknown } | null)?.error;
  return typeof error === 'string' && error !== '' ? error : null;
}

/** Opens the provider in a popup; its callback page posts {token} to this window. */
export function OAuthButtons({ onToken }: { onToken: (token: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const origins = trustedOrigins(window.location.origin, appConfig.appUrlApi);
      const token = tokenFromMessage(event, origins);
      if (token) void onTokenRef.current(token);
      const error = origins.includes(event.origin) ? providerError(event.data) : null;
      if (error) openDialog({ kind: 'error', title: t('dialogs.error_title'), text: error });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [t]);

  const open = async (provider: string) => {
    // Opened in the click itself so popup blockers let it through; pointed at the provider next.
    const popup = window.open('about:blank', 'oauth', 'width=520,height=680');
    setBusy(provider);
    try {
      const { url } = await api.oauthUrl(provider);
      if (popup) popup.location.href = url;
      else window.location.href = url;
    } catch {
      popup?.close();
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="oauth">
      <p className="oauth__divider">
        <span>{t('auth.or_continue_with')}</span>
      </p>
      <div className="oauth__buttons">
        {OAUTH_PROVIDERS.map((provider) => (
          <button
            key={provider}
            type="button"
            className={`btn btn--secondary oauth__button oauth__button--${provider}`}
            disabled={busy !== null}
            onClick={() => void open(provider)}
          >
            {t(`auth.oauth_${provider}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
