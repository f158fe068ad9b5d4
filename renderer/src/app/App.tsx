/** The app shell: sidebar sections and the active page, addressed by the URL hash so reloads keep the place. */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../../shared/api/contract.ts';
import { ApiContext } from './ApiContext.ts';
import { useT } from '../i18n/index.ts';
import type { Locale } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/en.ts';
import { LibraryPage } from '../library/LibraryPage.tsx';
import { parseRoute, routeHash } from './route.ts';
import type { Route, Section } from './route.ts';
import { CommandPalette } from './CommandPalette.tsx';

const SECTIONS: readonly Section[] = ['library', 'lorebooks', 'scripts', 'chats', 'settings'];

/**
 * Asks before the page is left with unsaved changes. Listened to only while there are some: the browser sends a
 * page without a beforeunload listener no message before a reload or navigation away, and waits for none.
 */
const keepUnsaved = (e: BeforeUnloadEvent): void => e.preventDefault();

// The library is the start page; every other page is its own chunk, loaded when first opened, so start-up parses
// and runs only what the first paint needs.
const CardEditorPage = lazy(() => import('../editor/CardEditorPage.tsx').then((m) => ({ default: m.CardEditorPage })));
const LorebooksPage = lazy(() => import('../lorebooks/LorebooksPage.tsx').then((m) => ({ default: m.LorebooksPage })));
const ScriptsPage = lazy(() => import('../scripts/ScriptsPage.tsx').then((m) => ({ default: m.ScriptsPage })));
const ChatsPage = lazy(() => import('../chats/ChatsPage.tsx').then((m) => ({ default: m.ChatsPage })));
const SettingsPage = lazy(() => import('../settings/SettingsPage.tsx').then((m) => ({ default: m.SettingsPage })));

export function App({
  client,
  locale,
  onLocale,
}: {
  client: ApiClient;
  locale: Locale | 'auto';
  onLocale(locale: Locale | 'auto'): void;
}) {
  const t = useT();
  const [route, setRoute] = useState<Route>(() => parseRoute(window.location.hash));
  const dirty = useRef(false);
  const [palette, setPalette] = useState(false);
  const setDirty = useCallback((d: boolean) => {
    dirty.current = d;
    if (d) window.addEventListener('beforeunload', keepUnsaved);
    else window.removeEventListener('beforeunload', keepUnsaved);
  }, []);

  const go = useCallback(
    (next: Route): void => {
      if (dirty.current && !window.confirm(t('editor.unsavedLeave'))) return;
      setDirty(false);
      window.location.hash = routeHash(next);
    },
    [t, setDirty],
  );

  useEffect(() => {
    const onHash = (): void => setRoute(parseRoute(window.location.hash));
    const onKey = (e: KeyboardEvent): void => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setPalette((open) => !open);
      }
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('hashchange', onHash);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('hashchange', onHash);
      window.removeEventListener('beforeunload', keepUnsaved);
    };
  }, []);

  const section: Section = route.page === 'card' ? 'library' : route.page;
  const label = (s: Section): string => t(`nav.${s}` as MessageKey);

  return (
    <ApiContext.Provider value={client}>
      <div className="shell">
        <nav className="sidebar" aria-label={t('nav.sections')}>
          <div className="brand">{t('app.title')}</div>
          {SECTIONS.map((s) => (
            <button
              key={s}
              className={s === section ? 'nav active' : 'nav'}
              aria-current={s === section ? 'page' : undefined}
              onClick={() => go({ page: s })}
            >
              {label(s)}
            </button>
          ))}
        </nav>
        <main className="content">
          <Suspense fallback={null}>
            {route.page === 'card' ? (
              <CardEditorPage
                key={route.id}
                id={route.id}
                onClose={() => go({ page: 'library' })}
                onDirtyChange={setDirty}
              />
            ) : route.page === 'lorebooks' ? (
              <LorebooksPage
                id={route.id}
                onOpen={(id) => go(id === null ? { page: 'lorebooks' } : { page: 'lorebooks', id })}
                onDirtyChange={setDirty}
              />
            ) : route.page === 'scripts' ? (
              <ScriptsPage onDirtyChange={setDirty} />
            ) : route.page === 'chats' ? (
              <ChatsPage />
            ) : route.page === 'library' ? (
              <LibraryPage onOpen={(id) => go({ page: 'card', id })} />
            ) : (
              <SettingsPage locale={locale} onLocale={onLocale} />
            )}
          </Suspense>
        </main>
      </div>
      {palette && <CommandPalette route={route} go={go} onClose={() => setPalette(false)} />}
    </ApiContext.Provider>
  );
}
