// Static per-entry filters checked before matching (docs/world-info.md#per-entry-checks). They do not depend on the pass.
import type { ExplanationReason, ScenarioCharacter, WorldInfoEntry } from './model.ts';

export type FilterReason = Extract<ExplanationReason, { code: 'disabled' | 'trigger-filtered' | 'character-filtered' }>;

export interface FilterContext {
  trigger: string;
  /** Avatar file name without its extension. */
  characterFileName: string;
  characterTags: readonly string[] | null;
}

export function filterContext(character: ScenarioCharacter, trigger: string): FilterContext {
  return {
    trigger,
    characterFileName: character.avatar.replace(/\.[^/.]+$/, ''),
    characterTags: Array.isArray(character.tags) ? character.tags : null,
  };
}

/** Whether `staticFilter` can return anything but null for this entry, whatever the context. */
export function mayBeFiltered(entry: WorldInfoEntry): boolean {
  const { disable, triggers, characterFilter: filter } = entry;
  if (disable === true || disable === 1 || (typeof disable === 'string' && Number(disable) === 1)) return true;
  if (Array.isArray(triggers) && triggers.length > 0) return true;
  return (
    !!filter &&
    ((Array.isArray(filter.names) && filter.names.length > 0) || (Array.isArray(filter.tags) && filter.tags.length > 0))
  );
}

/** The reason an entry is filtered out, or null when it may be considered. */
export function staticFilter(entry: WorldInfoEntry, context: FilterContext): FilterReason | null {
  // Loose equality, as SillyTavern compares: true, 1 and "1" all disable.
  const { disable } = entry;
  if (disable === true || disable === 1 || (typeof disable === 'string' && Number(disable) === 1))
    return { code: 'disabled' };
  const { triggers } = entry;
  if (Array.isArray(triggers) && triggers.length > 0 && !triggers.includes(context.trigger)) {
    return { code: 'trigger-filtered', trigger: context.trigger, triggers };
  }
  const filter = entry.characterFilter;
  if (filter) {
    const exclude = Boolean(filter.isExclude);
    if (Array.isArray(filter.names) && filter.names.length > 0) {
      const included = filter.names.includes(context.characterFileName);
      if (exclude ? included : !included) return { code: 'character-filtered', by: 'names', exclude };
    }
    if (Array.isArray(filter.tags) && filter.tags.length > 0 && context.characterTags) {
      const tags = context.characterTags;
      const included = filter.tags.some((tag) => tags.includes(tag));
      if (exclude ? included : !included) return { code: 'character-filtered', by: 'tags', exclude };
    }
  }
  return null;
}
