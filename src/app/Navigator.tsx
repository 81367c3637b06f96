import {
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { LayoutFor } from '../layouts/LayoutFor';
import { ErrorLayout } from '../layouts/ErrorLayout';
import { removeFirstPaint } from './firstPaint';
import { formatTitle, setDocumentTitle } from './head';
import { loadAllMessages } from '../i18n';
import { langState } from '../state/lang';
import { loadScreen } from './loadScreen';
import { whenIdle } from './prefetch';
import { runMiddleware } from './middleware';
import { navigationDeps } from './navigationDeps';
import { failProgress, finishProgress, startProgress } from './progress';
import { resolvePath, ROUTES, type RouteDef, type RouteParams, type ScreenProps } from './routes';

/** How long the old page fades out before the next one shows. */
export const FADE_OUT_MS = 150;
/** Spec section 2: scroll to the top 190 ms after a navigation unless the screen opts out. */
export const SCROLL_DELAY_MS = 190;

interface ActiveScreen {
  def: RouteDef;
  params: RouteParams;
  Component: ComponentType<ScreenProps> | null;
  data: unknown;
  failed: boolean;
  key: string;
  search: string;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const reloadPage = () => window.location.reload();

/**
 * Turns the current location into a screen: redirects, middleware, the lazy chunk and its data
 * are all settled before the old page fades out and the new one shows.
 */
export function Navigator() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const { t, i18n } = useTranslation();
  const [screen, setScreen] = useState<ActiveScreen | null>(null);
  const [leaving, setLeaving] = useState(false);
  const sequence = useRef(0);
  const shown = useRef(false);

  useEffect(() => {
    const id = ++sequence.current;
    const stale = () => id !== sequence.current;
    const query = search ? `?${search}` : '';
    const fullPath = `${path}${query}`;

    void (async () => {
      startProgress();
      const resolved = resolvePath(path, ROUTES, search);
      if (resolved.kind === 'redirect') {
        navigate(`${resolved.to}${query}`, { replace: true });
        return;
      }
      const { def, params } = resolved;
      const target = await runMiddleware(
        def.middleware ?? [],
        { fullPath, query: new URLSearchParams(search) },
        navigationDeps,
      );
      if (stale()) return;
      if (target !== null) {
        navigate(target, { replace: true });
        return;
      }

      let next: ActiveScreen = {
        def,
        params,
        Component: null,
        data: undefined,
        failed: false,
        key: fullPath,
        search: query,
      };
      try {
        // The rest of the messages (src/i18n/parts.ts) comes beside the screen's code.
        const messages = def.firstPartOnly ? null : loadAllMessages(langState.locale);
        const module = await loadScreen(def.load, fullPath, window.sessionStorage, reloadPage);
        await messages;
        next = { ...next, Component: module.default };
        if (module.prefetch) next.data = await module.prefetch(params);
      } catch (error) {
        console.error(`Screen '${def.name}' failed to load`, error);
        next.failed = true;
      }
      if (stale()) return;

      if (shown.current) {
        setLeaving(true);
        await delay(FADE_OUT_MS);
        if (stale()) return;
      }
      const firstScreen = !shown.current;
      if (firstScreen) whenIdle(() => void loadAllMessages(langState.locale).catch(() => {}));
      shown.current = true;
      // A transition: React renders the new screen in slices that leave the main thread to the
      // browser between them (a phone's taps and frames), not in one long task.
      startTransition(() => {
        setScreen(next);
        setLeaving(false);
      });
      if (next.failed) failProgress();
      else finishProgress();
      // A page load is not a navigation: the browser put the page where it belongs, and a visitor
      // who scrolled while the first screen was coming would find it jump back under a tap.
      if (!def.keepScroll && !firstScreen) setTimeout(() => window.scrollTo(0, 0), SCROLL_DELAY_MS);
    })();
  }, [path, search, navigate]);

  useLayoutEffect(() => {
    if (screen) removeFirstPaint();
  }, [screen]);

  useEffect(() => {
    if (!screen) return;
    const page = screen.failed ? t('error_alert_title') : t(screen.def.titleKey);
    setDocumentTitle(formatTitle(page));
  }, [screen, t, i18n.language]);

  if (!screen) return null;
  const { def, Component } = screen;
  return (
    <LayoutFor
      name={def.layout ?? 'default'}
      game={def.game}
      leaving={leaving}
      screen={def.name}
      path={screen.key}
    >
      {screen.failed || !Component ? (
        <ErrorLayout />
      ) : (
        <Component
          key={screen.key}
          routeName={def.name}
          params={screen.params}
          search={screen.search}
          data={screen.data}
        />
      )}
    </LayoutFor>
  );
}
