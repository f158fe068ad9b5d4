/** Actions on the selected cards: add or remove tags, move to or out of the trash, delete for good. */
import { useState } from 'react';
import { useT } from '../i18n/index.ts';
import type { BulkExportFormat } from './export-zip.ts';

interface Props {
  count: number;
  trash: boolean;
  onAction(action: 'delete' | 'restore' | 'addTags' | 'removeTags', tags?: string[]): void;
  onConvert(to: 'v2' | 'v3'): void;
  onExport(format: BulkExportFormat): void;
  onPurge(): void;
  onSelectAll(): void;
  onClear(): void;
}

export function BulkBar({ count, trash, onAction, onConvert, onExport, onPurge, onSelectAll, onClear }: Props) {
  const t = useT();
  const [tags, setTags] = useState('');
  const [format, setFormat] = useState<BulkExportFormat>('same');
  const list = (): string[] =>
    tags
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  return (
    <div className="bulk-bar" role="toolbar" aria-label={t('library.bulk')}>
      <strong>{t('library.selected', { n: count })}</strong>
      <button onClick={onSelectAll}>{t('library.selectAll')}</button>
      <button onClick={onClear}>{t('library.clearSelection')}</button>
      {!trash && (
        <>
          <input
            aria-label={t('library.bulkTags')}
            placeholder={t('library.bulkTags')}
            value={tags}
            onChange={(e) => setTags(e.target.value)}
          />
          <button disabled={list().length === 0} onClick={() => onAction('addTags', list())}>
            {t('library.addTags')}
          </button>
          <button disabled={list().length === 0} onClick={() => onAction('removeTags', list())}>
            {t('library.removeTags')}
          </button>
          <select
            aria-label={t('library.exportFormat')}
            value={format}
            onChange={(e) => setFormat(e.target.value as BulkExportFormat)}
          >
            <option value="same">{t('library.exportSame')}</option>
            <option value="png">PNG</option>
            <option value="json">JSON</option>
          </select>
          <button onClick={() => onExport(format)}>{t('library.exportZip')}</button>
          <button onClick={() => onConvert('v2')}>{t('library.convertTo', { spec: 'V2' })}</button>
          <button onClick={() => onConvert('v3')}>{t('library.convertTo', { spec: 'V3' })}</button>
          <button className="danger" onClick={() => onAction('delete')}>
            {t('library.delete')}
          </button>
        </>
      )}
      {trash && (
        <>
          <button onClick={() => onAction('restore')}>{t('library.restore')}</button>
          <button className="danger" onClick={onPurge}>
            {t('library.purge')}
          </button>
        </>
      )}
    </div>
  );
}
