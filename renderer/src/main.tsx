import { useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { connect } from './api/client.ts';
import { I18nContext, pickLocale, translator } from './i18n/index.ts';
import type { Locale } from './i18n/index.ts';
import { readLocale, writeLocale } from './app/preferences.ts';
import { parseRoute } from './app/route.ts';
import { prefetchStartPage } from './library/useCardPages.ts';
import './styles.css';

const connection = connect();
if (connection.client && parseRoute(window.location.hash).page === 'library') prefetchStartPage(connection.client);

/** Holds the language so the Settings page can switch it live. */
function Root() {
  const [locale, setLocale] = useState<Locale | 'auto'>(readLocale);
  const t = useMemo(() => translator(locale === 'auto' ? pickLocale(navigator.languages) : locale), [locale]);
  // Screen readers and CJK font selection follow the page language.
  useEffect(() => void (document.documentElement.lang = t.locale), [t]);
  const choose = (next: Locale | 'auto'): void => {
    writeLocale(next);
    setLocale(next);
  };
  return (
    <I18nContext.Provider value={t}>
      {connection.client ? (
        <App client={connection.client} locale={locale} onLocale={choose} />
      ) : (
        <p className="fatal">{t('connect.noToken')}</p>
      )}
    </I18nContext.Provider>
  );
}

createRoot(document.getElementById('root')!).render(<Root />);
