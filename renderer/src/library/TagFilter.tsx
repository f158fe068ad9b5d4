/** The tag filter: one toggle per tag with its card count, "clear", and renaming a tag across the library. */
import type { TagCount } from '../../../shared/library/types.ts';
import { useT } from '../i18n/index.ts';
import { TagManager } from './TagManager.tsx';

interface Props {
  allTags: TagCount[];
  hasTag(name: string): boolean;
  toggleTag(name: string): void;
  anySelected: boolean;
  onClear(): void;
  onRename(from: string, to: string): void;
}

export function TagFilter({ allTags, hasTag, toggleTag, anySelected, onClear, onRename }: Props) {
  const t = useT();
  return (
    <div className="tag-filter" role="group" aria-label={t('library.tags')}>
      {allTags.map((tag) => (
        <button
          key={tag.name}
          className={hasTag(tag.name) ? 'tag selected' : 'tag'}
          aria-pressed={hasTag(tag.name)}
          onClick={() => toggleTag(tag.name)}
        >
          {tag.name} <small>{tag.count}</small>
        </button>
      ))}
      {anySelected && <button onClick={onClear}>{t('library.clearTags')}</button>}
      <TagManager tags={allTags} onRename={onRename} />
    </div>
  );
}
