import { escapeHtml, jsonInScript } from '../../http/html';
import { scriptHash } from '../../http/security';

export type PopupMessage = { token: string } | { error: string };

/**
 * The page the provider sends the popup back to: it posts the message to window.opener, only
 * to `targetOrigin` (the app's origin, never '*'), and closes after a sign-in (an error stays
 * readable). Its one inline script is allowed by hash, nothing else.
 */
export function popupPage(
  targetOrigin: string,
  message: PopupMessage,
  text: string,
): { html: string; csp: string } {
  const data = jsonInScript(message);
  const origin = jsonInScript(targetOrigin);
  const script = `(function(){var m=${data};if(window.opener){window.opener.postMessage(m,${origin});}if(m.token){window.close();}})();`;
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(text)}</title></head><body><p>${escapeHtml(text)}</p><script>${script}</script></body></html>`;
  const csp = `default-src 'none'; script-src ${scriptHash(script)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
  return { html, csp };
}
