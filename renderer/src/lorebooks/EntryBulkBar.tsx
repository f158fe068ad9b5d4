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
  const [order, setOrder] = useState('100');
  const [group, setGroup] = useState('');
  const [probability, setProbability] = useState('100');
  const valid = (s: string) => s.trim() !== '' && Number.isFinite(Number(s));

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
      <span className="lb-bulk-item">
        <input
          aria-label={t('lb.bulk.order')}
          className="narrow"
          value={order}
          onChange={(e) => setOrder(e.target.value)}
        />
        <button type="button" disabled={!valid(order)} onClick={() => onPatch((e) => ({ ...e, order: Number(order) }))}>
          {t('lb.bulk.setOrder')}
        </button>
      </span>
      <span className="lb-bulk-item">
        <input aria-label={t('lb.bulk.group')} value={group} onChange={(e) => setGroup(e.target.value)} />
        <button type="button" onClick={() => onPatch((e) => ({ ...e, group }))}>
          {t('lb.bulk.setGroup')}
        </button>
      </span>
      <span className="lb-bulk-item">
        <input
          aria-label={t('lb.bulk.probability')}
          className="narrow"
          value={probability}
          onChange={(e) => setProbability(e.target.value)}
        />
        <button
          type="button"
          disabled={!valid(probability)}
          onClick={() => onPatch((e) => ({ ...e, probability: Number(probability), useProbability: true }))}
        >
          {t('lb.bulk.setProbability')}
        </button>
      </span>
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
