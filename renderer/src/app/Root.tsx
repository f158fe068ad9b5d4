/** The React app: the language (switchable live from Settings) around the shell, or why there is no connection. */
import { useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import type { ClientResult } from '../api/client.ts';
import { I18nContext, pickLocale, translator } from '../i18n/index.ts';
import type { Locale } from '../i18n/index.ts';
import { readLocale, writeLocale } from './preferences.ts';

function Root({ connection }: { connection: ClientResult }) {
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

export function mount(connection: ClientResult): void {
  createRoot(document.getElementById('root')!).render(<Root connection={connection} />);
}
