// Small scenarios for unit tests: complete 1.18 editor entries (SillyTavern's new-entry template) and default
// settings, overridable per test.
import { DEFAULT_CHARACTER, DEFAULT_SCAN_SETTINGS } from '../../../shared/lorebook/defaults.ts';
import { ST_ENTRY_TEMPLATE } from '../../../shared/lorebook/formats/st-template.ts';
import type { ChatMessage, Scenario, WorldInfoEntry } from '../../../shared/lorebook/model.ts';

export function entry(uid: number, fields: Partial<WorldInfoEntry> = {}): WorldInfoEntry {
  return {
    uid,
    ...structuredClone(ST_ENTRY_TEMPLATE),
    content: `content ${uid}`,
    characterFilter: { isExclude: false, names: [], tags: [] },
    ...fields,
  };
}

export function scenario(entries: WorldInfoEntry[], chat: ChatMessage[], overrides: Partial<Scenario> = {}): Scenario {
  return {
    settings: { ...DEFAULT_SCAN_SETTINGS },
    maxContext: 8192,
    tokenizer: 'guesstimate',
    seed: 42,
    random: null,
    books: { lore: { entries: Object.fromEntries(entries.map((e) => [String(e.uid), e])) } },
    globalBooks: ['lore'],
    characterBook: null,
    extraCharacterBooks: [],
    chatBook: null,
    personaBook: null,
    character: { ...DEFAULT_CHARACTER, name: 'Mira', avatar: 'Mira.png' },
    user: { name: 'Alex', persona: '' },
    chat,
    trigger: 'normal',
    extensionPrompts: {},
    authorsNote: null,
    dryRun: false,
    carryTimedEffects: false,
    timedWorldInfo: null,
    ...overrides,
  };
}

export const say = (mes: string, name = 'Alex'): ChatMessage => ({ name, mes });
