// Lint for World Info books: findings an author can act on, each tied to one entry and, where the remedy is
// obvious, a quick fix (one field set to one value). Pure functions; the checks follow the engine's own rules
// (regex parsing, whole-word boundaries, secondary logic, budget) so a finding means what the scan would do.

import { tokenBudget } from './budget.ts';
import { parseDecorators } from './decorators.ts';
import { isWordChar, parseRegexKey } from './keys.ts';
import type { ScanSettings, Tokenizer, WorldInfoBook, WorldInfoEntry } from './model.ts';
import { SelectiveLogic } from './model.ts';
import { guesstimateTokenizer } from './tokenizer.ts';
import { nestedQuantifier } from '../util/redos.ts';

export type LintCode =
  /** A `/…/flags` key that does not compile: SillyTavern then searches for the slashes literally. */
  | 'invalid-regex'
  /** A regex key with nested repetition (`(a+)+`): it can backtrack for ages on a near-miss chat. */
  | 'catastrophic-regex'
  /** Whole words are on and the key starts or ends with punctuation: it needs a non-word character beside it. */
  | 'wholeword-edge'
  /** Not constant, not vectorized, no usable primary key and no @@activate: keyword activation is impossible. */
  | 'no-keys'
  /** A key so short or so common it fires on almost any chat. */
  | 'common-key'
  /** The same primary key on several enabled entries. */
  | 'duplicate-key'
  /** The secondary-key logic can never let the entry through. */
  | 'secondary-never'
  /** Secondary keys are listed but `selective` is off, so they are ignored. */
  | 'secondary-ignored'
  /** Entries that activate each other through recursion. */
  | 'recursion-cycle'
  /** The content alone is larger than the token budget. */
  | 'over-budget'
  /** Placed in an Author's Note slot while the Author's Note is off. */
  | 'an-slot-off'
  /** Sticky or cooldown on an entry that never activates by keys. */
  | 'timed-without-keys';

export type LintSeverity = 'error' | 'warning' | 'info';

export interface LintFix {
  /** Entry field to set; `undefined` removes it. */
  field: string;
  value: unknown;
}

export interface LintIssue {
  code: LintCode;
  severity: LintSeverity;
  /** The entry's key inside `entries`. */
  entry: string;
  uid: number;
  /** The key concerned, when one is. */
  key?: string;
  /** Other entries involved (duplicate keys, cycles): their map keys, the first few of `relatedCount`. */
  related?: string[];
  relatedCount?: number;
  /** Numbers for the message (tokens and budget for over-budget). */
  tokens?: number;
  budget?: number;
  fix?: LintFix;
}

export interface LintOptions {
  settings: Pick<ScanSettings, 'matchWholeWords' | 'caseSensitive' | 'recursive' | 'budget' | 'budgetCap'>;
  maxContext: number;
  /** Whether the scenario inserts an Author's Note (positions 2 and 3 need one). */
  authorsNote: boolean;
  tokenizer?: Tokenizer;
}

/** Words common enough in any English chat that a key made of one of them fires nearly always. */
const COMMON_WORDS = new Set(
  'a an the and or but if of to in on at by for with from as is are was were be been am i me my you your he him his she her it its we us our they them their this that these those what who how why when where not no yes do does did have has had can will would should could just so then there here up down out all any some one two'.split(
    ' ',
  ),
);

const SEVERITY: Record<LintCode, LintSeverity> = {
  'invalid-regex': 'error',
  'catastrophic-regex': 'warning',
  'wholeword-edge': 'warning',
  'no-keys': 'warning',
  'common-key': 'warning',
  'duplicate-key': 'info',
  'secondary-never': 'error',
  'secondary-ignored': 'warning',
  'recursion-cycle': 'info',
  'over-budget': 'warning',
  'an-slot-off': 'warning',
  'timed-without-keys': 'warning',
};

function keysOf(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string') : [];
}

function looksLikeRegex(key: string): boolean {
  return /^\/[\w\W]+\/[a-z]*$/.test(key);
}

function effective(own: boolean | null | undefined, global: boolean): boolean {
  return own === null || own === undefined ? global : own;
}

function isDisabled(entry: WorldInfoEntry): boolean {
  // Loose on purpose: SillyTavern compares `disable == true`.
  return entry.disable == true;
}

/** Keys that can take part in activation: plain keys trimmed and non-empty, or regex keys that compile. */
function usableKeys(entry: WorldInfoEntry): string[] {
  return keysOf(entry.key)
    .map((k) => k.trim())
    .filter((k) => k !== '' && (!looksLikeRegex(k) || parseRegexKey(k) !== null));
}

function activatesByKeys(entry: WorldInfoEntry): boolean {
  return !entry.constant && usableKeys(entry).length > 0;
}

export function lintEntry(id: string, entry: WorldInfoEntry, options: LintOptions): LintIssue[] {
  const issues: LintIssue[] = [];
  const add = (code: LintCode, extra: Partial<LintIssue> = {}): void => {
    issues.push({ code, severity: SEVERITY[code], entry: id, uid: entry.uid, ...extra });
  };
  const primary = keysOf(entry.key);
  const secondary = keysOf(entry.keysecondary);
  const wholeWords = effective(entry.matchWholeWords, options.settings.matchWholeWords);

  for (const raw of [...primary, ...secondary]) {
    const key = raw.trim();
    if (looksLikeRegex(key)) {
      const re = parseRegexKey(key);
      if (re === null) add('invalid-regex', { key: raw });
      else if (nestedQuantifier(re.source)) add('catastrophic-regex', { key: raw });
      continue;
    }
    if (key === '') continue;
    const multiWord = key.split(/\s+/).length > 1;
    if (
      wholeWords &&
      !multiWord &&
      (!isWordChar(key.charCodeAt(0)) || !isWordChar(key.charCodeAt(key.length - 1))) &&
      /[\p{P}\p{S}]/u.test(key[0]! + key.at(-1)!)
    ) {
      add('wholeword-edge', { key: raw, fix: { field: 'matchWholeWords', value: false } });
    }
    if (primary.includes(raw) && (COMMON_WORDS.has(key.toLowerCase()) || (!wholeWords && key.length <= 2))) {
      add('common-key', {
        key: raw,
        ...(wholeWords || key.length > 2 ? {} : { fix: { field: 'matchWholeWords', value: true } }),
      });
    }
  }

  const activate = parseDecorators(String(entry.content ?? '')).decorators.includes('@@activate');
  if (!entry.constant && !entry.vectorized && !activate && usableKeys(entry).length === 0) {
    add('no-keys', { fix: { field: 'constant', value: true } });
  }

  if (secondary.some((k) => k.trim() !== '')) {
    if (!entry.selective) add('secondary-ignored', { fix: { field: 'selective', value: true } });
    else if (neverPasses(entry, primary, secondary)) {
      const logicKnown = ([0, 1, 2, 3] as unknown[]).includes(entry.selectiveLogic ?? 0);
      add('secondary-never', logicKnown ? {} : { fix: { field: 'selectiveLogic', value: SelectiveLogic.AND_ANY } });
    }
  }

  if ((entry.position === 2 || entry.position === 3) && !options.authorsNote) add('an-slot-off');

  if (!activatesByKeys(entry) && ((Number(entry.sticky) || 0) > 0 || (Number(entry.cooldown) || 0) > 0)) {
    add('timed-without-keys', { fix: { field: (Number(entry.sticky) || 0) > 0 ? 'sticky' : 'cooldown', value: null } });
  }

  if (!entry.ignoreBudget) {
    const budget = tokenBudget(options.settings as ScanSettings, options.maxContext);
    const tokens = (options.tokenizer ?? guesstimateTokenizer).count(String(entry.content ?? ''));
    if (tokens > budget) add('over-budget', { tokens, budget, fix: { field: 'ignoreBudget', value: true } });
  }
  return issues;
}

/** Secondary logic that rejects every chat in which the primary keys match. */
function neverPasses(entry: WorldInfoEntry, primary: readonly string[], secondary: readonly string[]): boolean {
  const logic = entry.selectiveLogic ?? SelectiveLogic.AND_ANY;
  if (![0, 1, 2, 3].includes(logic)) return true;
  const norm = (k: string) => k.trim().toLowerCase();
  const sec = new Set(secondary.map(norm).filter((k) => k !== ''));
  const prim = primary.map(norm).filter((k) => k !== '');
  if (prim.length === 0) return false;
  // Whichever primary key matched is also a secondary key, so "none of the secondaries" cannot hold.
  if (logic === SelectiveLogic.NOT_ANY) return prim.every((k) => sec.has(k));
  // One primary key, and every secondary key is that key: they always all match together.
  if (logic === SelectiveLogic.NOT_ALL) return new Set(prim).size === 1 && [...sec].every((k) => k === prim[0]);
  return false;
}

/** The same primary key on several enabled entries (case-insensitive unless the entry is case sensitive). */
function duplicateKeys(rows: readonly [string, WorldInfoEntry][]): LintIssue[] {
  const owners = new Map<string, string[]>();
  for (const [id, entry] of rows) {
    if (isDisabled(entry)) continue;
    for (const key of new Set(
      keysOf(entry.key)
        .map((k) => k.trim().toLowerCase())
        .filter((k) => k !== ''),
    )) {
      const list = owners.get(key) ?? [];
      list.push(id);
      owners.set(key, list);
    }
  }
  const byId = new Map(rows);
  const issues: LintIssue[] = [];
  for (const [key, ids] of owners) {
    if (ids.length < 2) continue;
    for (const id of ids)
      issues.push({
        code: 'duplicate-key',
        severity: SEVERITY['duplicate-key'],
        entry: id,
        uid: byId.get(id)!.uid,
        key,
        ...related(ids, id),
      });
  }
  return issues;
}

/**
 * Entries whose contents activate each other through recursion (strongly connected components of the "content
 * mentions a key of" graph, case-insensitive). Entries that prevent or exclude recursion break the chain, so they
 * are left out. Single-word keys are looked up among the content's words (a hash lookup per word, so 10,000
 * entries lint in well under a second); other plain keys are searched as substrings; regex keys are skipped.
 */
function recursionCycles(rows: readonly [string, WorldInfoEntry][], recursive: boolean): LintIssue[] {
  if (!recursive) return [];
  const nodes = rows.filter(([, e]) => !isDisabled(e) && !e.constant);
  const wordKeys = new Map<string, number[]>();
  const phraseKeys: [string, number][] = [];
  nodes.forEach(([, e], i) => {
    if (e.excludeRecursion) return;
    for (const k of keysOf(e.key)) {
      const key = k.trim().toLowerCase();
      if (key === '' || looksLikeRegex(key)) continue;
      if (/^[\p{L}\p{N}_]+$/u.test(key)) wordKeys.set(key, [...(wordKeys.get(key) ?? []), i]);
      else phraseKeys.push([key, i]);
    }
  });
  const edges: number[][] = nodes.map(([, e], i) => {
    if (e.preventRecursion) return [];
    const content = String(e.content ?? '').toLowerCase();
    const targets = new Set<number>();
    for (const word of content.match(/[\p{L}\p{N}_]+/gu) ?? [])
      for (const owner of wordKeys.get(word) ?? []) targets.add(owner);
    for (const [key, owner] of phraseKeys) if (content.includes(key)) targets.add(owner);
    targets.delete(i);
    return [...targets];
  });
  const issues: LintIssue[] = [];
  for (const component of stronglyConnected(edges)) {
    if (component.length < 2) continue;
    const ids = component.map((i) => nodes[i]![0]);
    for (const i of component) {
      const [id, entry] = nodes[i]!;
      issues.push({
        code: 'recursion-cycle',
        severity: SEVERITY['recursion-cycle'],
        entry: id,
        uid: entry.uid,
        ...related(ids, id),
        fix: { field: 'preventRecursion', value: true },
      });
    }
  }
  return issues;
}

const MAX_RELATED = 5;

/** The others of a group, capped: a cycle through thousands of entries must not make every finding list them all. */
function related(ids: readonly string[], self: string): Pick<LintIssue, 'related' | 'relatedCount'> {
  const others = ids.filter((o) => o !== self);
  return { related: others.slice(0, MAX_RELATED), relatedCount: others.length };
}

/** Tarjan's algorithm, iterative (books can be deep enough to overflow a recursive one). */
function stronglyConnected(edges: readonly number[][]): number[][] {
  const n = edges.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const out: number[][] = [];
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    const work: [number, number][] = [[root, 0]];
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const [v, next] = frame;
      if (next === 0) {
        index[v] = low[v] = counter++;
        stack.push(v);
        onStack[v] = 1;
      }
      const targets = edges[v]!;
      if (next < targets.length) {
        frame[1] = next + 1;
        const w = targets[next]!;
        if (index[w] === -1) work.push([w, 0]);
        else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!);
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low[parent[0]] = Math.min(low[parent[0]]!, low[v]!);
      if (low[v] === index[v]) {
        const component: number[] = [];
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          component.push(w);
        } while (w !== v);
        out.push(component);
      }
    }
  }
  return out;
}

/** Every finding for a book, grouped by entry in file order. */
export function lintBook(book: WorldInfoBook, options: LintOptions): LintIssue[] {
  const rows = Object.entries(book.entries ?? {}).filter(
    (r): r is [string, WorldInfoEntry] => typeof r[1] === 'object' && r[1] !== null,
  );
  const issues = rows.flatMap(([id, entry]) => lintEntry(id, entry, options));
  issues.push(...duplicateKeys(rows), ...recursionCycles(rows, options.settings.recursive));
  const order = new Map(rows.map(([id], i) => [id, i]));
  return issues.sort((a, b) => order.get(a.entry)! - order.get(b.entry)!);
}

/** Applies a quick fix to an entry (a copy). */
export function applyFix(entry: WorldInfoEntry, fix: LintFix): WorldInfoEntry {
  const copy: WorldInfoEntry = { ...entry };
  if (fix.value === undefined) delete copy[fix.field];
  else copy[fix.field] = fix.value;
  return copy;
}
