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

export const POSITIONS = [
  { value: 0, label: 'lb.pos.0' },
  { value: 1, label: 'lb.pos.1' },
  { value: 2, label: 'lb.pos.2' },
  { value: 3, label: 'lb.pos.3' },
  { value: 4, label: 'lb.pos.4' },
  { value: 5, label: 'lb.pos.5' },
  { value: 6, label: 'lb.pos.6' },
  { value: 7, label: 'lb.pos.7' },
] as const;

const LOGIC = [
  { value: 0, label: 'lb.logic.0' },
  { value: 1, label: 'lb.logic.1' },
  { value: 2, label: 'lb.logic.2' },
  { value: 3, label: 'lb.logic.3' },
] as const;

const ROLES = [
  { value: null, label: 'lb.role.default' },
  { value: 0, label: 'lb.role.0' },
  { value: 1, label: 'lb.role.1' },
  { value: 2, label: 'lb.role.2' },
] as const;

export const TRIGGERS = ['normal', 'continue', 'impersonate', 'swipe', 'regenerate', 'quiet'] as const;

export const FIELD_GROUPS: readonly { id: string; fields: readonly FieldDef[] }[] = [
  {
    id: 'entry',
    fields: [
      { name: 'comment', kind: 'text' },
      { name: 'content', kind: 'textarea' },
      { name: 'addMemo', kind: 'bool' },
    ],
  },
  {
    id: 'activation',
    fields: [
      { name: 'disable', kind: 'bool' },
      { name: 'strategy', kind: 'strategy' },
      { name: 'useProbability', kind: 'bool' },
      { name: 'probability', kind: 'number' },
    ],
  },
  {
    id: 'keys',
    fields: [
      { name: 'key', kind: 'lines' },
      { name: 'keysecondary', kind: 'lines' },
      { name: 'selective', kind: 'bool' },
      { name: 'selectiveLogic', kind: 'select', options: LOGIC },
      { name: 'caseSensitive', kind: 'tri' },
      { name: 'matchWholeWords', kind: 'tri' },
      { name: 'scanDepth', kind: 'numberOrNull' },
    ],
  },
  {
    id: 'insertion',
    fields: [
      { name: 'position', kind: 'select', options: POSITIONS },
      { name: 'order', kind: 'number' },
      { name: 'depth', kind: 'number' },
      { name: 'role', kind: 'select', options: ROLES },
      { name: 'outletName', kind: 'text' },
      { name: 'displayIndex', kind: 'number' },
    ],
  },
  {
    id: 'recursion',
    fields: [
      { name: 'excludeRecursion', kind: 'bool' },
      { name: 'preventRecursion', kind: 'bool' },
      { name: 'delayUntilRecursion', kind: 'number' },
    ],
  },
  {
    id: 'groups',
    fields: [
      { name: 'group', kind: 'text' },
      { name: 'groupOverride', kind: 'bool' },
      { name: 'groupWeight', kind: 'number' },
      { name: 'useGroupScoring', kind: 'tri' },
    ],
  },
  {
    id: 'timed',
    fields: [
      { name: 'sticky', kind: 'numberOrNull' },
      { name: 'cooldown', kind: 'numberOrNull' },
      { name: 'delay', kind: 'numberOrNull' },
    ],
  },
  {
    id: 'filters',
    fields: [
      { name: 'triggers', kind: 'triggers' },
      { name: 'characterFilter.names', kind: 'lines' },
      { name: 'characterFilter.tags', kind: 'lines' },
      { name: 'characterFilter.isExclude', kind: 'bool' },
      { name: 'automationId', kind: 'text' },
    ],
  },
  {
    id: 'sources',
    fields: [
      { name: 'matchPersonaDescription', kind: 'bool' },
      { name: 'matchCharacterDescription', kind: 'bool' },
      { name: 'matchCharacterPersonality', kind: 'bool' },
      { name: 'matchCharacterDepthPrompt', kind: 'bool' },
      { name: 'matchScenario', kind: 'bool' },
      { name: 'matchCreatorNotes', kind: 'bool' },
    ],
  },
  { id: 'budget', fields: [{ name: 'ignoreBudget', kind: 'bool' }] },
];
