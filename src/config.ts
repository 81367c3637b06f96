/**
 * The host page's configuration (spec section 1), read once from `window.config`.
 * Every field has a default; a malformed value is reported on the console and replaced by it.
 */
export interface AppConfig {
  /** Base address of the API; '' means the page's own origin. */
  appUrlApi: string;
  appUrl: string;
  recaptchaSiteKey: string;
  appName: string;
  locale: string;
  locales: string[];
}

export const DEFAULT_LOCALES = ['en', 'es', 'fr', 'pt-BR', 'zh-CN'];

export const DEFAULT_CONFIG: AppConfig = {
  appUrlApi: '',
  appUrl: '',
  recaptchaSiteKey: '',
  appName: 'Casino',
  locale: 'en',
  locales: DEFAULT_LOCALES,
};

declare global {
  interface Window {
    config?: unknown;
  }
}

type Report = (message: string) => void;

const isUrlOrEmpty = (value: string): boolean => {
  if (value === '') return true;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};

/** Validates a raw host-page value; each bad field falls back to its default with an error. */
export function parseConfig(raw: unknown, report: Report = console.error): AppConfig {
  if (raw === undefined) return { ...DEFAULT_CONFIG };
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    report('window.config must be an object; using the defaults.');
    return { ...DEFAULT_CONFIG };
  }
  const input = raw as Record<string, unknown>;
  const config: AppConfig = { ...DEFAULT_CONFIG };

  const text = (key: 'appUrlApi' | 'appUrl' | 'recaptchaSiteKey' | 'appName' | 'locale') => {
    const value = input[key];
    if (value === undefined) return;
    if (typeof value !== 'string') {
      report(`window.config.${key} must be a string, got ${typeof value}; using '${config[key]}'.`);
      return;
    }
    config[key] = value.trim();
  };
  (['appUrlApi', 'appUrl', 'recaptchaSiteKey', 'appName', 'locale'] as const).forEach(text);

  for (const key of ['appUrlApi', 'appUrl'] as const) {
    if (!isUrlOrEmpty(config[key])) {
      report(`window.config.${key} is not an absolute URL: '${config[key]}'; using ''.`);
      config[key] = '';
    }
  }
  config.appUrlApi = config.appUrlApi.replace(/\/+$/, '');
  if (config.appName === '') {
    report(`window.config.appName is empty; using '${DEFAULT_CONFIG.appName}'.`);
    config.appName = DEFAULT_CONFIG.appName;
  }

  if (input.locales !== undefined) {
    const list = input.locales;
    if (
      !Array.isArray(list) ||
      list.length === 0 ||
      !list.every((l) => typeof l === 'string' && l.length > 0)
    ) {
      report('window.config.locales must be a non-empty list of locale codes; using the defaults.');
    } else {
      config.locales = [...new Set(list as string[])];
    }
  }
  if (!config.locales.includes(config.locale)) {
    report(
      `window.config.locale '${config.locale}' is not among locales [${config.locales.join(', ')}]; using '${config.locales[0]}'.`,
    );
    config.locale = config.locales[0] ?? 'en';
  }
  return config;
}

export const appConfig: AppConfig = parseConfig(
  typeof window === 'undefined' ? undefined : window.config,
);
