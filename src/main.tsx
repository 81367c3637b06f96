import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { appConfig } from './config';
import { initI18n } from './i18n';
import './styles.css';

async function boot(): Promise<void> {
  document.title = appConfig.appName;
  await initI18n(appConfig.locale);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from the host page');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
