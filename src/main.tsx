import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { prefetchFirstScreen } from './app/prefetch';
import { resolvePath } from './app/routes';
import { appConfig } from './config';
import { initI18n, loadAllMessages } from './i18n';
import { langState } from './state/lang';
import './styles.css';

async function boot(): Promise<void> {
  document.title = appConfig.appName;
  const first = resolvePath(location.pathname, undefined, location.search.slice(1));
  if (first.kind === 'route') {
    prefetchFirstScreen(first.def, () => loadAllMessages(langState.locale));
  }
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
