/** The entry table's filter bar: text, group, position, enabled, lint findings only, and how many rows show. */
import { memo, type ReactNode } from 'react';
import { useT } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/en.ts';
import type { EntryFilter } from './book-model.ts';
import { POSITIONS } from './entry-fields.ts';
import type { EntryTable } from './useEntryTable.ts';

export function EntryFilters({ table, children }: { table: EntryTable; children?: ReactNode }) {
  const t = useT();
  const { filter, setFilter, lintOnly, setLintOnly } = table;
  return (
    <div className="toolbar lb-filters" role="search">
      <FilterInputs filter={filter} setFilter={setFilter} lintOnly={lintOnly} setLintOnly={setLintOnly} />
      <span className="muted" role="status" aria-live="polite">
        {t('lb.count', { shown: table.rows.length, total: table.total })}
      </span>
      {children}
    </div>
  );
}

/** Memoised, as `NameField` is: the editor renders on every keystroke in the form. */
const FilterInputs = memo(function FilterInputs({
  filter,
  setFilter,
  lintOnly,
  setLintOnly,
}: Pick<EntryTable, 'filter' | 'setFilter' | 'lintOnly' | 'setLintOnly'>) {
  const t = useT();
  return (
    <>
      <input
        aria-label={t('lb.filter.text')}
        placeholder={t('lb.filter.text')}
        value={filter.text}
        onChange={(e) => setFilter({ ...filter, text: e.target.value })}
      />
      <input
        aria-label={t('lb.filter.group')}
        placeholder={t('lb.filter.group')}
        className="narrow"
        value={filter.group}
        onChange={(e) => setFilter({ ...filter, group: e.target.value })}
      />
      <select
        aria-label={t('lb.filter.position')}
        value={filter.position}
        onChange={(e) => setFilter({ ...filter, position: e.target.value })}
      >
        <option value="">{t('lb.filter.anyPosition')}</option>
        {POSITIONS.map((p) => (
          <option key={p.value} value={String(p.value)}>
            {t(p.label as MessageKey)}
          </option>
        ))}
      </select>
      <select
        aria-label={t('lb.filter.enabled')}
        value={filter.enabled}
        onChange={(e) => setFilter({ ...filter, enabled: e.target.value as EntryFilter['enabled'] })}
      >
        <option value="all">{t('lb.filter.all')}</option>
        <option value="on">{t('lb.filter.on')}</option>
        <option value="off">{t('lb.filter.off')}</option>
      </select>
      <label>
        <input type="checkbox" checked={lintOnly} onChange={(e) => setLintOnly(e.target.checked)} />
        {t('lb.filter.lint')}
      </label>
    </>
  );
});
