/** Rename a tag across the whole library. */
import { useState } from 'react';
import type { TagCount } from '../../../shared/library/types.ts';
import { useT } from '../i18n/index.ts';

export function TagManager({ tags, onRename }: { tags: TagCount[]; onRename(from: string, to: string): void }) {
  const t = useT();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  return (
    <form
      className="tag-manager"
      onSubmit={(e) => {
        e.preventDefault();
        if (from && to.trim()) onRename(from, to.trim());
        setTo('');
      }}
    >
      <label>
        {t('library.renameTag')}{' '}
        <select aria-label={t('library.renameTagFrom')} value={from} onChange={(e) => setFrom(e.target.value)}>
          <option value="">—</option>
          {tags.map((tag) => (
            <option key={tag.name} value={tag.name}>
              {tag.name}
            </option>
          ))}
        </select>
      </label>
      <input
        aria-label={t('library.renameTagTo')}
        placeholder={t('library.renameTagTo')}
        value={to}
        onChange={(e) => setTo(e.target.value)}
      />
      <button type="submit" disabled={!from || !to.trim()}>
        {t('library.rename')}
      </button>
    </form>
  );
}
