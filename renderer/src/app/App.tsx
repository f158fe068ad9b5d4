/** The app shell: sidebar sections and the active page. */
import { useState } from 'react';
import type { ApiClient } from '../../../shared/api/contract.ts';
import { ApiContext } from './ApiContext.ts';
import { useT } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/en.ts';
import { LibraryPage } from '../library/LibraryPage.tsx';

type Section = 'library' | 'lorebooks' | 'scripts' | 'chats' | 'settings';
const SECTIONS: readonly Section[] = ['library', 'lorebooks', 'scripts', 'chats', 'settings'];

export function App({ client }: { client: ApiClient }) {
  const t = useT();
  const [section, setSection] = useState<Section>('library');
  const label = (s: Section): string => t(`nav.${s}` as MessageKey);
  return (
    <ApiContext.Provider value={client}>
      <div className="shell">
        <nav className="sidebar" aria-label="Sections">
          <div className="brand">{t('app.title')}</div>
          {SECTIONS.map((s) => (
            <button key={s} className={s === section ? 'nav active' : 'nav'} aria-current={s === section ? 'page' : undefined} onClick={() => setSection(s)}>
              {label(s)}
            </button>
          ))}
        </nav>
        <main className="content">{section === 'library' ? <LibraryPage /> : <p className="later">{t('section.later', { section: label(section) })}</p>}</main>
      </div>
    </ApiContext.Provider>
  );
}
