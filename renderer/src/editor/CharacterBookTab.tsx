/**
 * The card's embedded lorebook (V2/V3 `character_book`) edited in place by JSON path: an entries list and an
 * entry form over the spec's own fields. The full World Info editor lives in the Lorebooks section. Above it, the
 * library books linked to the card, and embedding a library book into the card or saving the embedded one out.
 */
import { useState } from 'react';
import type { CardRecord } from '../../../shared/library/types.ts';
import type { JsonObject } from '../../../shared/library/parse-document.ts';
import type { JsonPath } from '../../../shared/document/json-path.ts';
import { getAtPath } from '../../../shared/document/json-path.ts';
import { useT } from '../i18n/index.ts';
import { LinkedBooks } from './LinkedBooks.tsx';

interface Props {
  cardId: number;
  doc: JsonObject;
  disabled: boolean;
  /** The editor holds unsaved edits (embedding reloads the card from the library). */
  dirty: boolean;
  onField(path: JsonPath, value: unknown): void;
  /** The card was saved by an embed or unembed: the editor must reload it. */
  onCardChanged(record: CardRecord): void;
}

interface BookProps {
  doc: JsonObject;
  disabled: boolean;
  onField(path: JsonPath, value: unknown): void;
}

type Entry = Record<string, unknown>;

const BOOK: JsonPath = ['data', 'character_book'];
const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const split = (s: string): string[] =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');

export function CharacterBookTab({ cardId, doc, disabled, dirty, onField, onCardChanged }: Props) {
  const book = getAtPath(doc, BOOK);
  // One tree whatever the embedded book's state, so the links section keeps its state (and loss report) on reload.
  return (
    <>
      <LinkedBooks
        cardId={cardId}
        hasEmbedded={typeof book === 'object' && book !== null}
        dirty={dirty}
        onCardChanged={onCardChanged}
      />
      <EmbeddedBook doc={doc} disabled={disabled} onField={onField} />
    </>
  );
}

function EmbeddedBook({ doc, disabled, onField }: BookProps) {
  const t = useT();
  const [current, setCurrent] = useState(0);
  const book = getAtPath(doc, BOOK);
  if (typeof book !== 'object' || book === null) {
    return (
      <div className="book-tab">
        <p className="muted">{t('book.none')}</p>
        <button
          type="button"
          disabled={disabled}
          onClick={() => onField(BOOK, { name: '', entries: [], extensions: {} })}
        >
          {t('book.add')}
        </button>
      </div>
    );
  }
  const entries = (
    Array.isArray((book as Entry)['entries']) ? (book as { entries: unknown[] }).entries : []
  ) as Entry[];
  const i = Math.min(current, entries.length - 1);
  const entry = entries[i];
  const at = (field: string): JsonPath => [...BOOK, 'entries', i, field];
  const nextId = entries.reduce((max, e) => Math.max(max, typeof e['id'] === 'number' ? e['id'] : 0), 0) + 1;
  const addEntry = (): void => {
    onField(
      [...BOOK, 'entries'],
      [
        ...entries,
        {
          keys: [],
          content: '',
          extensions: {},
          enabled: true,
          insertion_order: 100,
          use_regex: false,
          id: nextId,
          comment: '',
        },
      ],
    );
    setCurrent(entries.length);
  };

  return (
    <div className="book-tab">
      <div className="book-entries" role="listbox" aria-label={t('book.entries')}>
        {entries.map((e, k) => (
          <button
            type="button"
            role="option"
            aria-selected={k === i}
            key={k}
            className={k === i ? 'selected' : ''}
            onClick={() => setCurrent(k)}
          >
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
            <input
              id="book-comment"
              value={String(entry['comment'] ?? '')}
              onChange={(e) => onField(at('comment'), e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="book-keys">{t('book.keys')}</label>
            <input
              id="book-keys"
              defaultValue={list(entry['keys']).join(', ')}
              key={`k${i}:${list(entry['keys']).join()}`}
              onBlur={(e) => onField(at('keys'), split(e.target.value))}
            />
          </div>
          <div className="field">
            <label htmlFor="book-secondary">{t('book.secondaryKeys')}</label>
            <input
              id="book-secondary"
              defaultValue={list(entry['secondary_keys']).join(', ')}
              key={`s${i}:${list(entry['secondary_keys']).join()}`}
              onBlur={(e) => onField(at('secondary_keys'), split(e.target.value))}
            />
          </div>
          <div className="field">
            <label htmlFor="book-content">{t('book.content')}</label>
            <textarea
              id="book-content"
              rows={8}
              value={String(entry['content'] ?? '')}
              onChange={(e) => onField(at('content'), e.target.value)}
            />
          </div>
          <div className="book-flags">
            {(['enabled', 'constant', 'selective', 'case_sensitive', 'use_regex'] as const).map((flag) => (
              <label key={flag}>
                <input
                  type="checkbox"
                  checked={entry[flag] === true || (flag === 'enabled' && entry[flag] === undefined)}
                  onChange={(e) => onField(at(flag), e.target.checked)}
                />{' '}
                {t(`book.flag.${flag}`)}
              </label>
            ))}
          </div>
          <div className="dialog-row">
            <label>
              {t('book.order')}{' '}
              <input
                type="number"
                value={Number(entry['insertion_order'] ?? 100)}
                onChange={(e) => onField(at('insertion_order'), Number(e.target.value))}
              />
            </label>
            <label>
              {t('book.position')}{' '}
              <select
                value={String(entry['position'] ?? 'before_char')}
                onChange={(e) => onField(at('position'), e.target.value)}
              >
                <option value="before_char">{t('book.beforeChar')}</option>
                <option value="after_char">{t('book.afterChar')}</option>
              </select>
            </label>
          </div>
          <button
            type="button"
            className="danger"
            onClick={() => {
              onField(
                [...BOOK, 'entries'],
                entries.filter((_, k) => k !== i),
              );
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
