import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { appConfig } from './config';
import { initI18n } from './i18n';
import { langState } from './state/lang';
import './styles.css';

async function boot(): Promise<void> {
  document.title = appConfig.appName;
  await initI18n(langState.locale);
  document.documentElement.lang = langState.locale;
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from the host page');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
