import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { appConfig } from '../config';
import { i18next, type StaticKey } from '../i18n';
import { authState, logout } from '../state/auth';
import { langState } from '../state/lang';
import { openDialog } from '../state/ui';
import {
  dialogForErrorAnswer,
  dialogForNoAnswer,
  dialogForSuccessAnswer,
  type AnswerLike,
} from './errorDialog';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * A state fetch whose failure is silent (spec section 8): no dialog, except the 401
     * warning while logged in.
     */
    silent?: boolean;
    /** Shows no 401 warning either (logout, the user fetch of a session restore). */
    quiet401?: boolean;
    /** Answers with these statuses are outcomes the caller shows itself: no dialog. */
    quietStatuses?: readonly number[];
  }
}

/** The one HTTP client of the app: API base from the host page, no default timeout. */
export const http = axios.create({
  baseURL: appConfig.appUrlApi || undefined,
  headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
});

http.interceptors.request.use((config) => {
  if (authState.token) config.headers.set('Authorization', `Bearer ${authState.token}`);
  if (langState.locale) config.headers.set('Accept-Language', langState.locale);
  return config;
});

const t = (key: StaticKey): string => i18next.t(key);

const answerOf = (response: AxiosResponse): AnswerLike => ({
  status: response.status,
  data: response.data,
  contentType: String(response.headers['content-type'] ?? ''),
});

function onSessionExpired(): void {
  void logout();
}

http.interceptors.response.use(
  (response) => {
    if (!response.config.silent) {
      const dialog = dialogForSuccessAnswer(answerOf(response));
      if (dialog) openDialog(dialog);
    }
    return response;
  },
  (error: unknown) => {
    if (error instanceof AxiosError) showErrorDialog(error);
    return Promise.reject(error);
  },
);

function showErrorDialog(error: AxiosError): void {
  const config: AxiosRequestConfig = error.config ?? {};
  if (!error.response) {
    if (config.silent) return;
    const dialog = dialogForNoAnswer(error.code, error.message, t);
    if (dialog) openDialog(dialog);
    return;
  }
  const status = error.response.status;
  if (status === 401 ? config.quiet401 : config.silent) return;
  if (config.quietStatuses?.includes(status)) return;
  const dialog = dialogForErrorAnswer(
    answerOf(error.response),
    t,
    authState.user !== null,
    onSessionExpired,
  );
  if (dialog) openDialog(dialog);
}

/** The JSON body of an API error, when there is one. */
export function errorBody(error: unknown): Record<string, unknown> | null {
  if (error instanceof AxiosError && error.response) {
    const data: unknown = error.response.data;
    if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
      return data as Record<string, unknown>;
    }
  }
  return null;
}

export function errorStatus(error: unknown): number | null {
  return error instanceof AxiosError && error.response ? error.response.status : null;
}
