/** Ctrl/Cmd+K: jump to a section, open a card by name, create, import or export — from the keyboard. */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CardSummary } from '../../../shared/library/types.ts';
import { useApi } from './ApiContext.ts';
import { useT } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/en.ts';
import type { Route, Section } from './route.ts';
import { dispatchCommand } from './commands.ts';
import { Dialog } from './Dialog.tsx';

interface Props {
  route: Route;
  go(route: Route): void;
  onClose(): void;
}

interface Item {
  id: string;
  label: string;
  run(): void;
}

const SECTIONS: readonly Section[] = ['library', 'lorebooks', 'scripts', 'chats', 'settings'];

export function CommandPalette({ route, go, onClose }: Props) {
  const api = useApi();
  const t = useT();
  const [query, setQuery] = useState('');
  const [cards, setCards] = useState<CardSummary[]>([]);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    let live = true;
    api.invoke('cards.list', { query, limit: 8, sort: 'updated' }).then(
      (r) => live && setCards(r.items),
      () => live && setCards([]),
    );
    return () => {
      live = false;
    };
  }, [api, query]);

  const items = useMemo<Item[]>(() => {
    const q = query.trim().toLowerCase();
    const actions: Item[] = [
      ...SECTIONS.map((s) => ({
        id: `go-${s}`,
        label: t('palette.goTo', { section: t(`nav.${s}` as MessageKey) }),
        run: () => go({ page: s }),
      })),
      {
        id: 'new',
        label: t('library.new'),
        run: () =>
          void api
            .invoke('cards.create', { name: query.trim() || t('palette.untitled') })
            .then((c) => go({ page: 'card', id: c.id })),
      },
      {
        id: 'import',
        label: t('library.import'),
        run: () => {
          if (route.page !== 'library') go({ page: 'library' });
          setTimeout(() => dispatchCommand('import'), 50);
        },
      },
      ...(route.page === 'card'
        ? [{ id: 'export', label: t('export.title'), run: () => dispatchCommand('export') }]
        : []),
    ].filter((i) => q === '' || i.label.toLowerCase().includes(q));
    return [
      ...cards.map((c) => ({
        id: `card-${c.id}`,
        label: t('palette.open', { name: c.name }),
        run: () => go({ page: 'card', id: c.id }),
      })),
      ...actions,
    ];
  }, [api, cards, go, query, route.page, t]);

  const choose = (item: Item | undefined): void => {
    if (!item) return;
    onClose();
    item.run();
  };

  return (
    <Dialog label={t('palette.title')} className="palette" title={false} onClose={onClose}>
      <input
        ref={input}
        aria-label={t('palette.title')}
        placeholder={t('palette.placeholder')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((a) => Math.min(items.length - 1, a + 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
          else if (e.key === 'Enter') choose(items[active]);
          else return;
          e.preventDefault();
        }}
      />
      <ul role="listbox" aria-label={t('palette.title')}>
        {items.map((item, i) => (
          <li
            key={item.id}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'active' : undefined}
            onMouseEnter={() => setActive(i)}
            onClick={() => choose(item)}
          >
            {item.label}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
