// SillyTavern 1.18's new-entry template (docs/world-info.md#entry-fields). SillyTavern's importers spread it under every converted
// entry, so key order and defaults here decide both what the engine sees and the entry's timed-effect hash.

import type { WorldInfoEntry } from '../model.ts';

export const ST_ENTRY_TEMPLATE: Readonly<Omit<WorldInfoEntry, 'uid'>> = Object.freeze({
  key: [],
  keysecondary: [],
  comment: '',
  content: '',
  constant: false,
  vectorized: false,
  selective: true,
  selectiveLogic: 0,
  addMemo: false,
  order: 100,
  position: 0,
  disable: false,
  ignoreBudget: false,
  excludeRecursion: false,
  preventRecursion: false,
  matchPersonaDescription: false,
  matchCharacterDescription: false,
  matchCharacterPersonality: false,
  matchCharacterDepthPrompt: false,
  matchScenario: false,
  matchCreatorNotes: false,
  delayUntilRecursion: false,
  probability: 100,
  useProbability: true,
  depth: 4,
  outletName: '',
  group: '',
  groupOverride: false,
  groupWeight: 100,
  scanDepth: null,
  caseSensitive: null,
  matchWholeWords: null,
  useGroupScoring: null,
  automationId: '',
  role: 0,
  sticky: null,
  cooldown: null,
  delay: null,
  triggers: [],
});

/**
 * An entry as SillyTavern's importers build it: template first, then the converted fields (`undefined` ones are
 * left out, as JSON would). Template fields missing from `fields` are reported through `onDefault`.
 */
export function entryFromTemplate(
  fields: Partial<WorldInfoEntry> & { uid: number },
  onDefault: (field: string, value: unknown) => void,
): WorldInfoEntry {
  const entry: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(ST_ENTRY_TEMPLATE)) {
    if (Object.hasOwn(fields, field)) {
      if (fields[field] !== undefined) entry[field] = fields[field];
    } else {
      onDefault(field, value);
      entry[field] = Array.isArray(value) ? [...value] : value;
    }
  }
  for (const [field, value] of Object.entries(fields))
    if (value !== undefined && !Object.hasOwn(entry, field)) entry[field] = value;
  return entry as WorldInfoEntry;
}
