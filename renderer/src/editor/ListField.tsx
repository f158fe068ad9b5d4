/** An editable list of strings (alternate greetings, sources): add, remove, reorder, edit in place. */
import { moveArrayItem } from '../../../shared/document/json-text-edit.ts';
import { useT } from '../i18n/index.ts';

interface Props {
  id: string;
  label: string;
  items: string[];
  multiline: boolean;
  onChange(items: string[]): void;
}

export function ListField({ id, label, items, multiline, onChange }: Props) {
  const t = useT();
  const set = (i: number, value: string): void => onChange(items.map((v, j) => (j === i ? value : v)));
  return (
    <fieldset className="list-field" data-field={id}>
      <legend>{label}</legend>
      {items.map((item, i) => (
        <div className="list-item" key={i}>
          <span className="list-index">{i + 1}</span>
          {multiline ? (
            <textarea aria-label={`${label} ${i + 1}`} value={item} rows={3} onChange={(e) => set(i, e.target.value)} />
          ) : (
            <input aria-label={`${label} ${i + 1}`} value={item} onChange={(e) => set(i, e.target.value)} />
          )}
          <div className="list-actions">
            <button
              type="button"
              aria-label={t('editor.moveUp', { n: i + 1 })}
              disabled={i === 0}
              onClick={() => onChange(moveArrayItem(items, i, i - 1))}
            >
              ↑
            </button>
            <button
              type="button"
              aria-label={t('editor.moveDown', { n: i + 1 })}
              disabled={i === items.length - 1}
              onClick={() => onChange(moveArrayItem(items, i, i + 1))}
            >
              ↓
            </button>
            <button
              type="button"
              aria-label={t('editor.remove', { n: i + 1 })}
              className="danger"
              onClick={() => onChange(items.filter((_, j) => j !== i))}
            >
              ✕
            </button>
          </div>
        </div>
      ))}
      <button type="button" onClick={() => onChange([...items, ''])}>
        {t('editor.add')}
      </button>
    </fieldset>
  );
}
