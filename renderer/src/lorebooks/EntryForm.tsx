/** The form for one entry: every field, grouped, each with a one-line help text. */
import { memo, useState } from 'react';
import type { JsonPath } from '../../../shared/document/json-path.ts';
import type { WorldInfoEntry } from '../../../shared/lorebook/model.ts';
import { useT } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/en.ts';
import { strategyFields, strategyOf } from './book-model.ts';
import type { Strategy } from './book-model.ts';
import { FIELD_GROUPS, TRIGGERS } from './entry-fields.ts';
import type { FieldDef } from './entry-fields.ts';
import { LinesInput, NumberInput } from './inputs.tsx';

interface Props {
  id: string;
  entry: WorldInfoEntry;
  disabled: boolean;
  onField(path: JsonPath, value: unknown): void;
}

/** The groups open when an entry is opened. */
const OPEN_GROUPS: ReadonlySet<string> = new Set(['entry', 'activation', 'keys', 'insertion']);

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.map(String) : [];
}

/** A field's value as the form shows it: arrays compare by their items, as each keystroke parses the entry anew. */
function sameValue(a: unknown, b: unknown): boolean {
  return (
    Object.is(a, b) ||
    (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => Object.is(x, b[i])))
  );
}

/** Memoised: the page renders again when the workers get the edited book, and the open entry is the same then. */
export const EntryForm = memo(function EntryForm({ id, entry, disabled, onField }: Props) {
  const t = useT();
  // A closed group's fields are made when it is first opened (and kept): a form with half the controls costs less
  // per keystroke, in React's render and in the browser's look at the form on every change (autofill).
  const [shown, setShown] = useState<ReadonlySet<string>>(OPEN_GROUPS);
  // A filter field on an entry without `characterFilter` creates the whole object, as SillyTavern's editor does.
  const noFilter = typeof entry.characterFilter !== 'object' || entry.characterFilter === null;
  const valueOf = (f: FieldDef) =>
    f.kind === 'strategy'
      ? strategyOf(entry)
      : f.name
          .split('.')
          .reduce<unknown>(
            (v, seg) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[seg] : undefined),
            entry,
          );

  return (
    <form
      className="lb-entry-form"
      onSubmit={(e) => e.preventDefault()}
      aria-label={t('lb.form.title', { uid: String(entry.uid) })}
    >
      <fieldset disabled={disabled} className="plain">
        <p className="muted">{t('lb.form.title', { uid: String(entry.uid) })}</p>
        {FIELD_GROUPS.map((g) => (
          <details
            key={g.id}
            open={OPEN_GROUPS.has(g.id)}
            className="lb-group"
            onToggle={(e) => {
              if (e.currentTarget.open) setShown((s) => (s.has(g.id) ? s : new Set([...s, g.id])));
            }}
          >
            <summary>{t(`lb.group.${g.id}` as MessageKey)}</summary>
            {shown.has(g.id) &&
              g.fields.map((f) => (
                <EntryField
                  key={f.name}
                  field={f}
                  id={id}
                  value={valueOf(f)}
                  createsFilter={noFilter && f.name.startsWith('characterFilter.')}
                  onField={onField}
                />
              ))}
          </details>
        ))}
      </fieldset>
    </form>
  );
});

interface FieldProps {
  field: FieldDef;
  /** The entry's id. */
  id: string;
  value: unknown;
  /** A change creates the entry's `characterFilter` (the field is one of it, and the entry has none). */
  createsFilter: boolean;
  onField(path: JsonPath, value: unknown): void;
}

/**
 * One field, memoised on its value: a keystroke makes a new entry object, and only the field typed in renders and
 * commits again (each input's commit rewrites its DOM attributes).
 */
const EntryField = memo(
  function EntryField({ field: f, id, value, createsFilter, onField }: FieldProps) {
    const t = useT();
    const base: JsonPath = ['entries', id];
    const path: JsonPath = [...base, ...f.name.split('.')];
    const inputId = `lb-${f.name}`;
    const label = t(`lb.field.${f.name}` as MessageKey);
    const set = (v: unknown) => {
      if (createsFilter) {
        onField([...base, 'characterFilter'], {
          isExclude: false,
          names: [],
          tags: [],
          [f.name.slice('characterFilter.'.length)]: v,
        });
      } else onField(path, v);
    };
    let control;
    switch (f.kind) {
      case 'text':
        control = (
          <input id={inputId} value={typeof value === 'string' ? value : ''} onChange={(e) => set(e.target.value)} />
        );
        break;
      case 'textarea':
        control = (
          <textarea
            id={inputId}
            rows={6}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => set(e.target.value)}
          />
        );
        break;
      case 'lines':
        control = <LinesInput id={inputId} items={strings(value)} onChange={set} />;
        break;
      case 'bool':
        control = (
          <input
            id={inputId}
            type="checkbox"
            checked={value === true || value === 1 || value === '1'}
            onChange={(e) => set(e.target.checked)}
          />
        );
        break;
      case 'tri':
        control = (
          <select
            id={inputId}
            value={value === true ? 'on' : value === false ? 'off' : ''}
            onChange={(e) => set(e.target.value === '' ? null : e.target.value === 'on')}
          >
            <option value="">{t('lb.tri.global')}</option>
            <option value="on">{t('lb.tri.on')}</option>
            <option value="off">{t('lb.tri.off')}</option>
          </select>
        );
        break;
      case 'number':
      case 'numberOrNull':
        control = <NumberInput id={inputId} value={value} nullable={f.kind === 'numberOrNull'} onChange={set} />;
        break;
      case 'select':
        control = (
          <select
            id={inputId}
            value={value === null || value === undefined ? '' : String(value)}
            onChange={(e) => set(e.target.value === '' ? null : Number(e.target.value))}
          >
            {f.options?.map((o) => (
              <option key={String(o.value)} value={o.value === null ? '' : String(o.value)}>
                {t(o.label as MessageKey)}
              </option>
            ))}
          </select>
        );
        break;
      case 'strategy':
        control = (
          <select
            id={inputId}
            value={String(value)}
            onChange={(e) => {
              const next = strategyFields(e.target.value as Strategy);
              onField([...base, 'constant'], next.constant);
              onField([...base, 'vectorized'], next.vectorized);
            }}
          >
            {(['normal', 'constant', 'vectorized'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`lb.strategy.${s}`)}
              </option>
            ))}
          </select>
        );
        break;
      case 'triggers': {
        const on = strings(value);
        control = (
          <div id={inputId} className="lb-checks" role="group" aria-label={label}>
            {TRIGGERS.map((g) => (
              <label key={g}>
                <input
                  type="checkbox"
                  checked={on.includes(g)}
                  onChange={(e) => set(e.target.checked ? [...on, g] : on.filter((x) => x !== g))}
                />
                {t(`lb.trigger.${g}`)}
              </label>
            ))}
          </div>
        );
        break;
      }
    }
    const inline = f.kind === 'bool';
    return (
      <div className={inline ? 'lb-field inline' : 'lb-field'}>
        {inline && control}
        <label htmlFor={inputId} className="field-label">
          {label}
        </label>
        {!inline && control}
        <p className="lb-help">{t(`lb.help.${f.name}` as MessageKey)}</p>
      </div>
    );
  },
  (a, b) =>
    a.field === b.field &&
    a.id === b.id &&
    a.createsFilter === b.createsFilter &&
    a.onField === b.onField &&
    sameValue(a.value, b.value),
);
