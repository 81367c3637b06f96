import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints';
import { openDialog } from '../../state/ui';

export const OAUTH_PROVIDERS = ['github', 'google', 'microsoft'] as const;

/** A token posted back by the provider's callback page, from this app's origin only. */
export function tokenFromMessage(
  event: { origin: string; data: unknown },
  origin: string,
): string | null {
  if (event.origin !== origin) return null;
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
      const token = tokenFromMessage(event, window.location.origin);
      if (token) void onTokenRef.current(token);
      const error = event.origin === window.location.origin ? providerError(event.data) : null;
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
