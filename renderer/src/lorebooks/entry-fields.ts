/**
 * Every field of a SillyTavern 1.18 World Info entry (docs/world-info.md#entry-fields), grouped as the form shows them. Labels and
 * one-line help texts live in i18n/lorebooks.ts under `lb.field.<name>` and `lb.help.<name>`.
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  /** string[] edited one item per line */
  | 'lines'
  | 'bool'
  /** bool | null: null follows the global setting */
  | 'tri'
  | 'number'
  /** number | null: empty follows the global setting */
  | 'numberOrNull'
  | 'select'
  | 'strategy'
  | 'triggers';

export interface FieldDef {
  /** Entry field name; a dotted name addresses `characterFilter`. */
  name: string;
  kind: FieldKind;
  options?: readonly { value: number | null; label: string }[];
}

/** Choices `value → lb.<prefix>.<value>`; `null` reads as `default`. */
function choices(prefix: string, values: readonly (number | null)[]) {
  return values.map((value) => ({ value, label: `lb.${prefix}.${value ?? 'default'}` }));
}

export const POSITIONS = choices('pos', [0, 1, 2, 3, 4, 5, 6, 7]);
const LOGIC = choices('logic', [0, 1, 2, 3]);
const ROLES = choices('role', [null, 0, 1, 2]);

export const TRIGGERS = ['normal', 'continue', 'impersonate', 'swipe', 'regenerate', 'quiet'] as const;

/** Each group's fields in form order: name → kind (a select names its choices). */
const GROUPS: Record<string, Record<string, FieldKind | FieldDef['options']>> = {
  entry: { comment: 'text', content: 'textarea', addMemo: 'bool' },
  activation: { disable: 'bool', strategy: 'strategy', useProbability: 'bool', probability: 'number' },
  keys: {
    key: 'lines',
    keysecondary: 'lines',
    selective: 'bool',
    selectiveLogic: LOGIC,
    caseSensitive: 'tri',
    matchWholeWords: 'tri',
    scanDepth: 'numberOrNull',
  },
  insertion: {
    position: POSITIONS,
    order: 'number',
    depth: 'number',
    role: ROLES,
    outletName: 'text',
    displayIndex: 'number',
  },
  recursion: { excludeRecursion: 'bool', preventRecursion: 'bool', delayUntilRecursion: 'number' },
  groups: { group: 'text', groupOverride: 'bool', groupWeight: 'number', useGroupScoring: 'tri' },
  timed: { sticky: 'numberOrNull', cooldown: 'numberOrNull', delay: 'numberOrNull' },
  filters: {
    triggers: 'triggers',
    'characterFilter.names': 'lines',
    'characterFilter.tags': 'lines',
    'characterFilter.isExclude': 'bool',
    automationId: 'text',
  },
  sources: Object.fromEntries(
    [
      'PersonaDescription',
      'CharacterDescription',
      'CharacterPersonality',
      'CharacterDepthPrompt',
      'Scenario',
      'CreatorNotes',
    ].map((source) => [`match${source}`, 'bool' as const]),
  ),
  budget: { ignoreBudget: 'bool' },
};

export const FIELD_GROUPS: readonly { id: string; fields: readonly FieldDef[] }[] = Object.entries(GROUPS).map(
  ([id, fields]) => ({
    id,
    fields: Object.entries(fields).map(([name, kind]): FieldDef =>
      typeof kind === 'string' ? { name, kind } : { name, kind: 'select', ...(kind ? { options: kind } : {}) },
    ),
  }),
);
