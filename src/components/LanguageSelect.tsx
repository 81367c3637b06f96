import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { langState, setLocale } from '../state/lang';

/** Each language in its own words. */
export const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  'pt-BR': 'Português (Brasil)',
  'zh-CN': '中文（简体）',
};

/**
 * The language dropdown appears only when more than one locale is offered. `showLabel` shows its
 * name (in the phone menu); the top bar's has it for screen readers only.
 */
export function LanguageSelect({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  const { locale, locales } = useSnapshot(langState);
  if (locales.length <= 1) return null;
  return (
    <label className="language-select">
      <span className={showLabel ? 'language-select__label' : 'visually-hidden'}>
        {t('topbar.language')}
      </span>
      <select name="locale" value={locale} onChange={(e) => void setLocale(e.target.value)}>
        {locales.map((code) => (
          <option key={code} value={code}>
            {LANGUAGE_NAMES[code] ?? code}
          </option>
        ))}
      </select>
    </label>
  );
}
