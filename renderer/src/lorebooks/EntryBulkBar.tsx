/** Bulk edit of the selected entries: each action is one document edit, so one undo step. */
import { useState } from 'react';
import type { WorldInfoEntry } from '../../../shared/lorebook/model.ts';
import { useT } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/en.ts';
import { POSITIONS } from './entry-fields.ts';

interface Props {
  count: number;
  onPatch(patch: (entry: WorldInfoEntry) => WorldInfoEntry): void;
  onDuplicate(): void;
  onDelete(): void;
  onSelectAll(): void;
  onClear(): void;
}

export function EntryBulkBar({ count, onPatch, onDuplicate, onDelete, onSelectAll, onClear }: Props) {
  const t = useT();
  const [position, setPosition] = useState('0');

  return (
    <div className="bulk-bar lb-bulk" role="toolbar" aria-label={t('lb.bulk.title')}>
      <strong>{t('lb.bulk.selected', { n: count })}</strong>
      <button type="button" onClick={onSelectAll}>
        {t('lb.bulk.selectAll')}
      </button>
      <button type="button" onClick={onClear}>
        {t('lb.bulk.clear')}
      </button>
      <span className="lb-bulk-item">
        <select aria-label={t('lb.bulk.position')} value={position} onChange={(e) => setPosition(e.target.value)}>
          {POSITIONS.map((p) => (
            <option key={p.value} value={String(p.value)}>
              {t(p.label as MessageKey)}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => onPatch((e) => ({ ...e, position: Number(position) }))}>
          {t('lb.bulk.setPosition')}
        </button>
      </span>
      <BulkValue
        label={t('lb.bulk.order')}
        action={t('lb.bulk.setOrder')}
        initial="100"
        number
        onSet={(v) => onPatch((e) => ({ ...e, order: Number(v) }))}
      />
      <BulkValue
        label={t('lb.bulk.group')}
        action={t('lb.bulk.setGroup')}
        initial=""
        onSet={(group) => onPatch((e) => ({ ...e, group }))}
      />
      <BulkValue
        label={t('lb.bulk.probability')}
        action={t('lb.bulk.setProbability')}
        initial="100"
        number
        onSet={(v) => onPatch((e) => ({ ...e, probability: Number(v), useProbability: true }))}
      />
      <button type="button" onClick={() => onPatch((e) => ({ ...e, disable: false }))}>
        {t('lb.bulk.enable')}
      </button>
      <button type="button" onClick={() => onPatch((e) => ({ ...e, disable: true }))}>
        {t('lb.bulk.disable')}
      </button>
      <button type="button" onClick={onDuplicate}>
        {t('lb.bulk.duplicate')}
      </button>
      <button type="button" className="danger" onClick={onDelete}>
        {t('lb.bulk.delete')}
      </button>
    </div>
  );
}

/** A value typed once and set on every selected entry; a number field refuses to set what is not a number. */
function BulkValue(props: {
  label: string;
  action: string;
  initial: string;
  number?: true;
  onSet(value: string): void;
}) {
  const [value, setValue] = useState(props.initial);
  const valid = !props.number || (value.trim() !== '' && Number.isFinite(Number(value)));
  return (
    <span className="lb-bulk-item">
      <input
        aria-label={props.label}
        {...(props.number ? { className: 'narrow' } : {})}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <button type="button" disabled={!valid} onClick={() => props.onSet(value)}>
        {props.action}
      </button>
    </span>
  );
}
