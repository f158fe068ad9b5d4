// Canonical lorebook model: SillyTavern 1.18 World Info entries and books, the scan scenario, and the scan result.
// Field meanings: docs/world-info.md#entry-fields; scenario and result: docs/world-info-scenarios.md.
// Entries are kept as stored: a raw file may omit any field except `uid`, and a missing field is NOT the editor
// default (the engine reproduces SillyTavern's behaviour for `undefined`).

/** Secondary-key logic (`selectiveLogic`). Any other value never activates an entry that has secondary keys. */
export const SelectiveLogic = { AND_ANY: 0, NOT_ALL: 1, NOT_ANY: 2, AND_ALL: 3 } as const;
export type SelectiveLogic = (typeof SelectiveLogic)[keyof typeof SelectiveLogic];

/** Prompt position (`position`). Unknown or missing positions activate but are placed nowhere. */
export const WorldInfoPosition = {
  before: 0,
  after: 1,
  ANTop: 2,
  ANBottom: 3,
  atDepth: 4,
  EMTop: 5,
  EMBottom: 6,
  outlet: 7,
} as const;
export type WorldInfoPosition = (typeof WorldInfoPosition)[keyof typeof WorldInfoPosition];

/** Role of an @depth injection: 0 system, 1 user, 2 assistant. */
export type WorldInfoRole = 0 | 1 | 2;

/** Generation types an entry's `triggers` may list. */
export type GenerationTrigger = 'normal' | 'continue' | 'impersonate' | 'swipe' | 'regenerate' | 'quiet';

export interface CharacterFilter {
  isExclude?: boolean;
  /** Character avatar file names without extension. */
  names?: string[];
  /** Tag ids. */
  tags?: string[];
}

/** One World Info entry exactly as a SillyTavern file stores it (1.18 editor template; every field but uid optional). */
export interface WorldInfoEntry {
  uid: number;
  key?: string[];
  keysecondary?: string[];
  comment?: string;
  content?: string;
  constant?: boolean;
  vectorized?: boolean;
  selective?: boolean;
  selectiveLogic?: number;
  addMemo?: boolean;
  order?: number;
  position?: number;
  /** Compared loosely (`== true`), so `1` and `"1"` disable too. */
  disable?: boolean | number | string;
  ignoreBudget?: boolean;
  excludeRecursion?: boolean;
  preventRecursion?: boolean;
  /** `true` ≡ recursion level 1. */
  delayUntilRecursion?: boolean | number;
  matchPersonaDescription?: boolean;
  matchCharacterDescription?: boolean;
  matchCharacterPersonality?: boolean;
  matchCharacterDepthPrompt?: boolean;
  matchScenario?: boolean;
  matchCreatorNotes?: boolean;
  probability?: number;
  useProbability?: boolean;
  depth?: number;
  outletName?: string;
  /** Inclusion groups, comma separated. */
  group?: string;
  groupOverride?: boolean;
  groupWeight?: number;
  scanDepth?: number | null;
  caseSensitive?: boolean | null;
  matchWholeWords?: boolean | null;
  useGroupScoring?: boolean | null;
  automationId?: string;
  role?: number | null;
  sticky?: number | null;
  cooldown?: number | null;
  delay?: number | null;
  triggers?: string[];
  displayIndex?: number;
  characterFilter?: CharacterFilter;
  /** Present on books converted from a card (≥1.13). */
  extensions?: Record<string, unknown>;
  /** Unknown fields are kept: they take part in the timed-effect hash and must survive round trips. */
  [field: string]: unknown;
}

/** A World Info file: entries keyed by uid (string keys; JavaScript object order is the scan tie-breaker). */
export interface WorldInfoBook {
  entries: Record<string, WorldInfoEntry>;
  /** The V2 `character_book` a book was imported from; ignored by the engine. */
  originalData?: unknown;
  [field: string]: unknown;
}

// ---------------------------------------------------------------------------------------------------------------
// Scenario (docs/world-info-scenarios.md#scenario)

export interface ScanSettings {
  depth: number;
  budget: number;
  budgetCap: number;
  minActivations: number;
  minActivationsDepthMax: number;
  maxRecursionSteps: number;
  recursive: boolean;
  caseSensitive: boolean;
  matchWholeWords: boolean;
  includeNames: boolean;
  useGroupScoring: boolean;
  /** 0 evenly, 1 character first, 2 global first. */
  characterStrategy: number;
  overflowAlert: boolean;
}

export interface ScenarioCharacter {
  name: string;
  avatar: string;
  tags: string[];
  description: string;
  personality: string;
  scenario: string;
  creatorNotes: string;
  depthPrompt: string;
}

export interface ScenarioUser {
  name: string;
  persona: string;
}

export interface ChatMessageObject {
  name: string;
  mes: string;
  is_system?: boolean;
}

/** A string is used verbatim (no name prefix). */
export type ChatMessage = string | ChatMessageObject;

export interface ExtensionPrompt {
  value: string;
  scan: boolean;
}

export interface AuthorsNote {
  value: string;
  scan: boolean;
  position: number;
  depth: number;
  role: number;
}

export interface TimedEffectRecord {
  hash: number;
  /** Chat length when the record was made. */
  start: number;
  end: number;
  /** A cooldown started because a sticky period ended. */
  protected: boolean;
}

export interface TimedWorldInfo {
  sticky: Record<string, TimedEffectRecord>;
  cooldown: Record<string, TimedEffectRecord>;
}

export interface Scenario {
  settings: ScanSettings;
  maxContext: number;
  tokenizer: 'guesstimate';
  seed: number;
  /** Explicit random values; when an array, `seed` is ignored. */
  random: number[] | null;
  books: Record<string, WorldInfoBook>;
  globalBooks: string[];
  characterBook: string | null;
  extraCharacterBooks: string[];
  chatBook: string | null;
  personaBook: string | null;
  character: ScenarioCharacter;
  user: ScenarioUser;
  /** Oldest first. */
  chat: ChatMessage[];
  trigger: string;
  extensionPrompts: Record<string, ExtensionPrompt>;
  authorsNote: AuthorsNote | null;
  dryRun: boolean;
  carryTimedEffects: boolean;
  timedWorldInfo: TimedWorldInfo | null;
}

/** A conformance case file (docs/world-info-scenarios.md#case-files): exactly one of `input` / `turns`. */
export interface ScenarioCase {
  name: string;
  description: string;
  sillyTavernVersion: string;
  input?: Scenario;
  turns?: Scenario[];
  expected: RecordedResult | RecordedResult[];
}

// ---------------------------------------------------------------------------------------------------------------
// Result (docs/world-info-scenarios.md#result). `RecordedResult` is the compared part; `ScanResult` adds trace and explanations.

/** Runtime entry key: `${bookName}.${uid}`. */
export type EntryKey = string;

export interface DepthSlot {
  /** `null` when the entry had no `depth` field (SillyTavern's depth-group quirk). */
  depth: number | null;
  role: number;
  keys: EntryKey[];
}

export interface DroppedEntry {
  key: EntryKey;
  reason: string;
}

export interface Slots {
  before: EntryKey[];
  after: EntryKey[];
  ANTop: EntryKey[];
  ANBottom: EntryKey[];
  EMTop: EntryKey[];
  EMBottom: EntryKey[];
  atDepth: DepthSlot[];
  outlet: Record<string, EntryKey[]>;
  dropped: DroppedEntry[];
}

export interface DepthPrompt {
  depth: number | null;
  entries: string[];
  role: number;
}

export interface ExamplePrompt {
  /** 0 = top (position 5), 1 = bottom (position 6). */
  position: 0 | 1;
  content: string;
}

export interface PromptOutput {
  worldInfoBefore: string;
  worldInfoAfter: string;
  depth: DepthPrompt[];
  examples: ExamplePrompt[];
  anTop: string[];
  anBottom: string[];
  outlets: Record<string, string[]>;
  authorsNote: string | null;
}

export interface RecordedResult {
  activated: EntryKey[];
  slots: Slots;
  prompt: PromptOutput;
  timedWorldInfo: TimedWorldInfo;
  randomDraws: number;
  trace?: unknown;
}

/** Pass states, numbered as SillyTavern numbers them. */
export const ScanState = { NONE: 0, INITIAL: 1, RECURSION: 2, MIN_ACTIVATIONS: 3 } as const;
export type ScanState = (typeof ScanState)[keyof typeof ScanState];

/** One scan pass (docs/world-info-scenarios.md#trace; informational). */
export interface PassTrace {
  loop: number;
  state: ScanState;
  next: ScanState;
  /** Candidates after inclusion-group filtering. */
  candidates: EntryKey[];
  /** Candidates that did not fail a probability roll (including ones the budget rejected). */
  successful: EntryKey[];
  activatedTotal: number;
  recursionDelayLevel: number;
  budget: number;
  budgetOverflowed: boolean;
}

export interface ScanTrace {
  budget: number;
  chatLength: number;
  randomValues: number[];
  loops: PassTrace[];
}

// ---------------------------------------------------------------------------------------------------------------
// Explanations: one per scanned entry, fired or not.

/** Where a key matched: a segment of the entry's scan buffer. */
export type MatchSegment =
  | { kind: 'message'; /** 0 = newest message */ index: number }
  | { kind: 'persona' | 'description' | 'personality' | 'depthPrompt' | 'scenario' | 'creatorNotes' }
  | { kind: 'inject'; /** extension prompt id, or 'authorsNote' */ id: string }
  | { kind: 'recursion'; /** the pass whose activated contents formed this chunk (1-based) */ pass: number };

export interface KeyMatch {
  key: string;
  /** The key after macro substitution and trimming (what was searched for). */
  expanded: string;
  regex: boolean;
  /** null when the buffer was empty (scan depth 0) and an empty key matched anyway. */
  segment: MatchSegment | null;
  /** UTF-16 offset of the hit inside that segment's text (for highlighting); 0 when the hit began at the separator. */
  offset: number;
}

/** A SillyTavern quirk that decided an outcome. */
export type QuirkName =
  /** Removed as collateral: another entry was removed from two groups and the second removal hit the last candidate. */
  | 'group-double-removal'
  /** Secondary keys were ignored because `selective` is missing from the raw entry. */
  | 'selective-missing-ignores-secondary'
  /** `useProbability` is set but `probability` is missing: the roll always fails. */
  | 'probability-missing-always-fails'
  /** A decorator line with trailing text (`@@activate now`) is recognised but has no effect. */
  | 'decorator-inert-trailing-text'
  /** A `/^…/` regex key would match the newest message, but the buffer starts with \x01. */
  | 'regex-caret-first-message'
  /** Whole words were on, but a key of several words is matched as a plain substring. */
  | 'wholeword-multiword-substring'
  /** Whole-word boundaries are ASCII-only, so a non-ASCII letter counted as a boundary. */
  | 'wholeword-non-ascii-boundary'
  /** Fired into an Author's Note slot, but no Author's Note is inserted: it reaches no prompt. */
  | 'an-slot-without-authors-note';

export type ExplanationReason =
  // fired
  | { code: 'key-match'; match: KeyMatch; secondary?: SecondaryOutcome }
  | { code: 'constant' }
  | { code: 'decorator-activate' }
  | { code: 'sticky'; until: number }
  // not fired
  | { code: 'disabled' }
  | { code: 'trigger-filtered'; trigger: string; triggers: string[] }
  | { code: 'character-filtered'; by: 'names' | 'tags'; exclude: boolean }
  | { code: 'delay'; until: number }
  | { code: 'cooldown'; until: number }
  | { code: 'delay-until-recursion'; level: number }
  | { code: 'exclude-recursion' }
  | { code: 'decorator-dont-activate' }
  | { code: 'no-keys' }
  | { code: 'no-key-match' }
  | { code: 'secondary-failed'; match: KeyMatch; secondary: SecondaryOutcome }
  | { code: 'group-lost'; group: string; winner: EntryKey | null; roll: number | null; by: GroupDecision }
  | { code: 'probability-failed'; roll: number; probability: number }
  | { code: 'budget'; used: number; budget: number }
  | { code: 'not-reached'; after: 'budget-overflow' }
  | { code: 'not-scanned' };

export type GroupDecision =
  'weighted-roll' | 'override' | 'score' | 'closed' | 'sticky-member' | 'timed-effect' | 'double-removal';

export interface SecondaryOutcome {
  logic: number;
  matched: string[];
  unmatched: string[];
  passed: boolean;
}

export interface EntryExplanation {
  key: EntryKey;
  comment: string;
  fired: boolean;
  /** Pass (1-based) where it fired or where its fate was last decided. */
  pass: number | null;
  reason: ExplanationReason;
  /** Set when a SillyTavern quirk decided the outcome. */
  quirk?: QuirkName;
  /** One line of English. */
  sentence: string;
}

export interface ScanExplanation {
  /** The engine behaviour explained, e.g. 'sillytavern-1.18'. */
  mode: string;
  /** One per scanned entry, in scan order. */
  entries: EntryExplanation[];
}

export interface ScanResult extends RecordedResult {
  trace: ScanTrace;
  explain: ScanExplanation;
  /** With `listUnmatched` (ScanOptions): the entries left out of `explain` because no primary key matched. */
  unmatched?: EntryKey[];
  /** With `explainEvaluatedOnly` (ScanOptions): how many entries no pass evaluated, left out of `explain`. */
  unevaluated?: number;
}

/** Counts tokens for the budget. `guesstimate` (SillyTavern's offline estimate) is built in. */
export interface Tokenizer {
  readonly name: string;
  count(text: string): number;
  /**
   * Optional additive measure: when both are present, `count(a + b) === fromMeasure(measure(a) + measure(b))`,
   * which lets the budget follow a growing text without recounting it.
   */
  measure?(text: string): number;
  fromMeasure?(measure: number): number;
}
