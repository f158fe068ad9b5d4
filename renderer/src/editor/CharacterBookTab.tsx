/**
 * The card's embedded lorebook (V2/V3 `character_book`) edited in place by JSON path: an entries list and an
 * entry form over the spec's own fields. The full World Info editor lives in the Lorebooks section.
 */
import { useState } from 'react';
import type { JsonObject } from '../../../shared/library/parse-document.ts';
import type { JsonPath } from '../../../shared/document/json-path.ts';
import { getAtPath } from '../../../shared/document/json-path.ts';
import { useT } from '../i18n/index.ts';

interface Props {
  doc: JsonObject;
  disabled: boolean;
  onField(path: JsonPath, value: unknown): void;
}

type Entry = Record<string, unknown>;

const BOOK: JsonPath = ['data', 'character_book'];
const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const split = (s: string): string[] => s.split(',').map((x) => x.trim()).filter((x) => x !== '');

export function CharacterBookTab({ doc, disabled, onField }: Props) {
  const t = useT();
  const [current, setCurrent] = useState(0);
  const book = getAtPath(doc, BOOK);
  if (typeof book !== 'object' || book === null) {
    return (
      <div className="book-tab">
        <p className="muted">{t('book.none')}</p>
        <button type="button" disabled={disabled} onClick={() => onField(BOOK, { name: '', entries: [], extensions: {} })}>
          {t('book.add')}
        </button>
      </div>
    );
  }
  const entries = (Array.isArray((book as Entry)['entries']) ? (book as { entries: unknown[] }).entries : []) as Entry[];
  const i = Math.min(current, entries.length - 1);
  const entry = entries[i];
  const at = (field: string): JsonPath => [...BOOK, 'entries', i, field];
  const nextId = entries.reduce((max, e) => Math.max(max, typeof e['id'] === 'number' ? e['id'] : 0), 0) + 1;
  const addEntry = (): void => {
    onField([...BOOK, 'entries'], [...entries, { keys: [], content: '', extensions: {}, enabled: true, insertion_order: 100, use_regex: false, id: nextId, comment: '' }]);
    setCurrent(entries.length);
  };

  return (
    <div className="book-tab">
      <div className="book-entries" role="listbox" aria-label={t('book.entries')}>
        {entries.map((e, k) => (
          <button type="button" role="option" aria-selected={k === i} key={k} className={k === i ? 'selected' : ''} onClick={() => setCurrent(k)}>
            <strong>{String(e['comment'] ?? e['name'] ?? '') || t('book.untitled', { n: k + 1 })}</strong>
            <span className="muted"> {list(e['keys']).join(', ')}</span>
            {e['enabled'] === false && <span className="muted"> · {t('book.disabled')}</span>}
          </button>
        ))}
        <button type="button" disabled={disabled} onClick={addEntry}>
          {t('book.addEntry')}
        </button>
      </div>
      {entry && (
        <fieldset className="plain book-entry" disabled={disabled} aria-label={t('book.entry')}>
          <div className="field">
            <label htmlFor="book-comment">{t('book.comment')}</label>
            <input id="book-comment" value={String(entry['comment'] ?? '')} onChange={(e) => onField(at('comment'), e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="book-keys">{t('book.keys')}</label>
            <input id="book-keys" defaultValue={list(entry['keys']).join(', ')} key={`k${i}:${list(entry['keys']).join()}`} onBlur={(e) => onField(at('keys'), split(e.target.value))} />
          </div>
          <div className="field">
            <label htmlFor="book-secondary">{t('book.secondaryKeys')}</label>
            <input id="book-secondary" defaultValue={list(entry['secondary_keys']).join(', ')} key={`s${i}:${list(entry['secondary_keys']).join()}`} onBlur={(e) => onField(at('secondary_keys'), split(e.target.value))} />
          </div>
          <div className="field">
            <label htmlFor="book-content">{t('book.content')}</label>
            <textarea id="book-content" rows={8} value={String(entry['content'] ?? '')} onChange={(e) => onField(at('content'), e.target.value)} />
          </div>
          <div className="book-flags">
            {(['enabled', 'constant', 'selective', 'case_sensitive', 'use_regex'] as const).map((flag) => (
              <label key={flag}>
                <input type="checkbox" checked={entry[flag] === true || (flag === 'enabled' && entry[flag] === undefined)} onChange={(e) => onField(at(flag), e.target.checked)} /> {t(`book.flag.${flag}`)}
              </label>
            ))}
          </div>
          <div className="dialog-row">
            <label>
              {t('book.order')}{' '}
              <input type="number" value={Number(entry['insertion_order'] ?? 100)} onChange={(e) => onField(at('insertion_order'), Number(e.target.value))} />
            </label>
            <label>
              {t('book.position')}{' '}
              <select value={String(entry['position'] ?? 'before_char')} onChange={(e) => onField(at('position'), e.target.value)}>
                <option value="before_char">{t('book.beforeChar')}</option>
                <option value="after_char">{t('book.afterChar')}</option>
              </select>
            </label>
          </div>
          <button
            type="button"
            className="danger"
            onClick={() => {
              onField([...BOOK, 'entries'], entries.filter((_, k) => k !== i));
              setCurrent(Math.max(0, i - 1));
            }}
          >
            {t('book.deleteEntry')}
          </button>
        </fieldset>
      )}
    </div>
  );
}
