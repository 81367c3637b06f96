import type { StaticKey } from '../i18n';
import type { DialogSpec } from '../state/ui';

/** The parts of an axios answer or error the mapping reads (spec section 8). */
export interface AnswerLike {
  status: number;
  data: unknown;
  contentType?: string;
}

type Translate = (key: StaticKey) => string;

export const SESSION_EXPIRED_TAG = 'session-expired';
export const SERVER_ERROR_TAG = 'server-error';

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** A non-empty string, or undefined. */
export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** The first message of each field of a 422 `errors` map, in field order. */
export function firstFieldMessages(data: unknown): string[] {
  const errors = asRecord(asRecord(data).errors);
  return Object.values(errors)
    .map((list) => (Array.isArray(list) ? text(list[0]) : text(list)))
    .filter((m): m is string => m !== undefined);
}

function isHtml(answer: AnswerLike): boolean {
  return (
    typeof answer.data === 'string' &&
    ((answer.contentType ?? '').includes('text/html') || /^\s*<(!doctype|html)/i.test(answer.data))
  );
}

/**
 * The dialog for a failed answer, or null when the case shows none. `loggedIn` decides the 401
 * warning; `onSessionExpired` runs when it is confirmed.
 */
export function dialogForErrorAnswer(
  answer: AnswerLike,
  t: Translate,
  loggedIn: boolean,
  onSessionExpired: () => void,
): DialogSpec | null {
  const data = asRecord(answer.data);
  const { status } = answer;
  if (status === 401) {
    if (!loggedIn) return null;
    return {
      kind: 'warning',
      title: t('dialogs.token_expired_title'),
      text: t('dialogs.token_expired_text'),
      cancellable: true,
      tag: SESSION_EXPIRED_TAG,
      onConfirm: onSessionExpired,
    };
  }
  if (status === 400 || status === 402 || status === 403 || status === 404) {
    return {
      kind: 'error',
      title: text(data.title) ?? t('dialogs.error_title'),
      text: text(data.message) ?? '',
    };
  }
  if (status === 422) {
    // The login form turns a two-factor 422 into its code step: no dialog over it.
    if (data.two_factor === true) return null;
    return { kind: 'error', title: t('dialogs.error_title'), lines: firstFieldMessages(data) };
  }
  if (status === 429) {
    return {
      kind: 'warning',
      title: t('dialogs.too_many_requests_title'),
      text: t('dialogs.too_many_requests_text'),
    };
  }
  if (status >= 500) {
    if (isHtml(answer)) {
      return {
        kind: 'html',
        title: t('dialogs.server_error_title'),
        html: answer.data as string,
        tag: SERVER_ERROR_TAG,
      };
    }
    return {
      kind: 'error',
      title: t('dialogs.server_error_title'),
      text: t('dialogs.server_error_text'),
      tag: SERVER_ERROR_TAG,
    };
  }
  return null;
}

/** The success dialog the original meant to show for 200/201: only with a title and a message. */
export function dialogForSuccessAnswer(answer: AnswerLike): DialogSpec | null {
  if (answer.status !== 200 && answer.status !== 201) return null;
  const data = asRecord(answer.data);
  const title = text(data.title);
  const message = text(data.message);
  return title && message ? { kind: 'success', title, text: message } : null;
}

/**
 * A request that got no answer: axios words these 'Network Error', 'Request aborted' and
 * 'timeout of {n}ms exceeded'. A request the app cancelled itself shows nothing.
 */
export function dialogForNoAnswer(
  code: string | undefined,
  message: string,
  t: Translate,
): DialogSpec | null {
  if (code === 'ERR_CANCELED') return null;
  return { kind: 'error', title: t('dialogs.error_title'), text: message };
}
