// Whether one entry becomes a candidate in the current pass (docs/world-info.md#per-entry-checks, in SillyTavern's order).
// The pass-independent part is split out so a scan can skip such entries once instead of in every pass.
import type { Candidate } from './candidate.ts';
import type { ExplanationReason, QuirkName } from './model.ts';
import { ScanState } from './model.ts';
import { staticFilter, type FilterContext } from './filters.ts';
import type { BufferView, ScanBuffer } from './scan-buffer.ts';
import { boundaryQuirk, caretQuirk, findKey, matchQuirk, multiWordQuirk, type CompiledKey } from './keys.ts';
import type { KeyHits } from './key-index.ts';
import type { EntryKeys } from './prepare.ts';
import { firstPrimaryHit, secondaryHits, secondaryPassed, type PrimaryHit, type SecondaryHits } from './secondary.ts';
import { CheckOutcome } from './check-outcome.ts';
import { hasRegex, keyLength, logicOf, MULTI_WORD, primaryCount, REGEX, secondaryCount, WORD } from './check-table.ts';
import type { TimedEffects } from './timed-effects.ts';

export interface ScanFacts {
  timed: TimedEffects;
  filters: FilterContext;
}

export interface PassContext extends ScanFacts {
  state: ScanState;
  /** Current delay-until-recursion level. */
  level: number;
  recursive: boolean;
  buffer: ScanBuffer;
  /** The buffer of entries without their own scan depth or match sources, for this pass. */
  view: BufferView;
  /** Match keys through the books' key indexes (off for the exhaustive reference path, which searches). */
  indexed: boolean;
  /** The pass's record of a check's first primary-key hit. */
  hit: PrimaryHit;
  /** The scan plan's check-table rows (see check-table.ts). */
  rows: () => Int32Array;
}

const skip = (reason: ExplanationReason): CheckOutcome => new CheckOutcome(false, reason);

/**
 * A rejection that holds in every pass of this scan (filters, delay, cooldown, @@dont_activate), or null. A tabled
 * entry (`row` ≥ 0) has none but cooldown.
 */
export function rejectedForScan(
  c: Pick<Candidate, 'entry' | 'sticky' | 'index' | 'row'>,
  facts: ScanFacts,
): CheckOutcome | null {
  const { entry } = c;
  if (c.row < 0) {
    const filtered = entry.filterable ? staticFilter(entry.raw, facts.filters) : null;
    if (filtered) return skip(filtered);
    if (facts.timed.delayed(entry)) return skip({ code: 'delay', until: Number(entry.delay) });
  }
  const cooldown = facts.timed.cooldown(entry, c.index);
  if (cooldown && !c.sticky) return skip({ code: 'cooldown', until: cooldown.end });
  if (c.row < 0 && entry.dontActivate) return skip({ code: 'decorator-dont-activate' });
  return null;
}

/** The explanation of an entry no pass had to evaluate: rejected for the whole scan, or no key could match. */
export function unevaluatedOutcome(c: Candidate, facts: ScanFacts): CheckOutcome {
  return (
    rejectedForScan(c, facts) ?? withInertDecorator(c, skip({ code: keysOf(c).primary ? 'no-key-match' : 'no-keys' }))
  );
}

/**
 * `freshCheck`, except that what holds for the whole scan is decided once per entry, and that a key-decided outcome
 * (a key matched, none did, secondary keys failed) from an earlier pass is reused when the entry's buffer has only
 * grown since and none of its keys can match differently: every key is covered by the key index and has no
 * occurrence, or its first occurrence (and first whole-word one) lies in the old text. Regex keys qualify only when
 * their required literal is absent (anchors make them non-monotone). An entry the pass kind or delay level can
 * affect (delay until recursion, exclude recursion) reuses only an outcome of the same kind and level. Crowds of
 * selective entries sharing common keys are thus checked once, not in every pass.
 */
export function checkEntry(c: Candidate, pass: PassContext): CheckOutcome {
  if (c.scanWide === undefined) c.scanWide = rejectedForScan(c, pass);
  if (c.scanWide) return c.scanWide;
  const last = c.keyed;
  if (last && (!passBound(c) || (c.keyedState === pass.state && c.keyedLevel === pass.level))) {
    const view = viewOf(c, pass);
    if (view.lineage === c.keyedLineage && keysUnchanged(c, view, pass)) return last;
  }
  const outcome = freshCheck(c, pass);
  const code = outcome.code;
  if (pass.indexed && (code === 'key-match' || code === 'no-key-match' || code === 'secondary-failed')) {
    const view = viewOf(c, pass);
    c.keyed = outcome;
    c.keyedState = pass.state;
    c.keyedLevel = pass.level;
    c.keyedLineage = view.lineage;
    c.keyedTextLength = view.text.length;
    c.keyedLowerLength = view.lower().length;
  } else c.keyed = undefined;
  return outcome;
}

/**
 * Whether `checkEntry` will give this same rejection again in every later pass over `view`'s lineage (the shared
 * buffer) until one of the entry's key texts first occurs, or first occurs as a whole word, in appended text: a
 * rejection for the whole scan, or a reusable key-decided one whose keys the key index all covers, with no regex
 * key's literal present yet (see `checkEntry`). Until then the entry need not be checked again.
 */
export function restsUntilKeysChange(c: Candidate, outcome: CheckOutcome, view: BufferView, rows: Int32Array): boolean {
  if (outcome.candidate) return false;
  if (c.scanWide) return outcome === c.scanWide;
  if (c.keyed !== outcome || c.keyedLineage !== view.lineage || passBound(c)) return false;
  if (c.row >= 0)
    return !hasRegex(rows[c.row] as number) || regexLiteralsAbsent(c.row, rows, view.hits(c.book.keyIndex));
  const keys = keysOf(c);
  const hits = view.hits(c.book.keyIndex);
  return covered(keys.primary, hits) && covered(keys.secondary, hits);
}

/** Every key's text (a regex key's literal, which must be absent) is covered by the key index. */
function covered(keys: readonly CompiledKey[] | null, hits: KeyHits): boolean {
  if (!keys) return true;
  for (const key of keys) {
    if (key.kind === 'never') continue;
    if (
      key.kind === 'regex'
        ? (key.literal === null && key.alternatives === null) || hits.keyFirst(key, false) !== -1
        : !hits.covers(key, key.kind === 'word')
    )
      return false;
  }
  return true;
}

/** The candidate's activation keys, looked up once per scan. */
function keysOf(c: Candidate): EntryKeys {
  return (c.keys ??= c.book.keysOf(c.entry));
}

/** The pass kind or delay level can change the entry's outcome with the same buffer. */
function passBound(c: Candidate): boolean {
  return c.row < 0 && (c.entry.delayed || c.entry.excludeRecursion) && !c.sticky;
}

function keysUnchanged(c: Candidate, view: BufferView, pass: PassContext): boolean {
  if (c.row >= 0) return tabledKeysUnchanged(c, view, pass.rows());
  const keys = keysOf(c);
  const hits = view.hits(c.book.keyIndex);
  return unchanged(keys.primary, hits, c) && unchanged(keys.secondary, hits, c);
}

function unchanged(keys: readonly CompiledKey[] | null, hits: KeyHits, last: Candidate): boolean {
  if (!keys) return true;
  for (const key of keys) {
    if (key.kind === 'never') continue;
    if (key.kind === 'regex') {
      if ((key.literal === null && key.alternatives === null) || hits.keyFirst(key, false) !== -1) return false;
      continue;
    }
    const old = key.caseSensitive ? last.keyedTextLength : last.keyedLowerLength;
    const at = hits.keyFirst(key, key.kind === 'word');
    if (at === undefined || at >= old) return false;
    if (key.kind === 'substring' && at >= 0) {
      const whole = hits.keyFirst(key, true);
      if (whole === undefined || whole >= old) return false;
    }
  }
  return true;
}

/** No regex key of a tabled row has its literal in the text. */
function regexLiteralsAbsent(row: number, rows: Int32Array, hits: KeyHits): boolean {
  const head = rows[row] as number;
  const end = row + 1 + 2 * (primaryCount(head) + secondaryCount(head));
  for (let p = row + 1; p < end; p += 2)
    if ((rows[p + 1] as number) & REGEX && hits.firstOf(rows[p] as number, false) !== -1) return false;
  return true;
}

/** The checks after `rejectedForScan`, in SillyTavern's order. */
function freshCheck(c: Candidate, pass: PassContext): CheckOutcome {
  const { entry } = c;
  if (c.row < 0) {
    const recursionPass = pass.state === ScanState.RECURSION;
    if (entry.delayed && !c.sticky && (!recursionPass || entry.delayLevel > pass.level)) {
      return keyedSkip(c, pass, { code: 'delay-until-recursion', level: entry.delayLevel });
    }
    if (recursionPass && pass.recursive && entry.excludeRecursion && !c.sticky)
      return keyedSkip(c, pass, { code: 'exclude-recursion' });

    if (entry.activates) return new CheckOutcome(true, { code: 'decorator-activate' });
    if (entry.constant) return new CheckOutcome(true, { code: 'constant' });
  }
  if (c.sticky) {
    const sticky = pass.timed.sticky(entry, c.index);
    if (sticky) return new CheckOutcome(true, { code: 'sticky', until: sticky.end });
  }
  if (c.row >= 0) return tabledKeyCheck(c, pass.view, pass.rows());

  const keys = keysOf(c);
  if (!keys.primary) return withInertDecorator(c, skip({ code: 'no-keys' }));
  const view = entryView(c, pass);
  const { hit } = pass;
  if (!firstPrimaryHit(keys.primary, view, hit)) {
    const quirk = caretQuirk(keys.primary, view);
    return withInertDecorator(c, quirk ? new CheckOutcome(false, NO_KEY_MATCH, quirk) : NO_KEY_MATCH_OUTCOME);
  }
  const key = keys.primary[hit.key] as CompiledKey;
  const { at } = hit;
  let quirk = matchQuirk(key, view, at);
  let candidate = true;
  let hits: SecondaryHits = 0;
  if (!keys.secondary) {
    if (entry.ignoresSecondary) quirk = 'selective-missing-ignores-secondary';
  } else {
    hits = secondaryHits(keys.secondary, view);
    candidate = secondaryPassed(keys.secondary.length, hits, entry.selectiveLogic);
  }
  quirk ||= inertQuirk(c, candidate);
  return new CheckOutcome(candidate, null, quirk, c, hit.key, at, view, hits);
}

/**
 * The key part of `freshCheck` for a tabled entry (see check-table.ts), from its row and the key hits alone: the same
 * steps on the same facts, without reading the entry, its key lists or its keys (but a regex key whose literal
 * occurs: it is tested as `findKey` tests it).
 */
function tabledKeyCheck(c: Candidate, view: BufferView, rows: Int32Array): CheckOutcome {
  const hits = view.hits(c.book.keyIndex);
  const row = c.row;
  const head = rows[row] as number;
  const primary = primaryCount(head);
  let key = 0;
  let at = -1;
  for (; key < primary; key++) {
    const bits = rows[row + 2 + 2 * key] as number;
    at = hits.firstOf(rows[row + 1 + 2 * key] as number, (bits & WORD) !== 0);
    if (at >= 0 && bits & REGEX) at = findKey((keysOf(c).primary as readonly CompiledKey[])[key] as CompiledKey, view);
    if (at >= 0) break;
  }
  if (at < 0) return NO_KEY_MATCH_OUTCOME;
  const code = rows[row + 1 + 2 * key] as number;
  const bits = rows[row + 2 + 2 * key] as number;
  const quirk =
    bits & WORD
      ? boundaryQuirk(code & 1 ? view.text : view.lower(), at, at + keyLength(bits))
      : bits & MULTI_WORD
        ? multiWordQuirk(hits.firstOf(code, true))
        : undefined;
  const secondary = secondaryCount(head);
  let secondaryHits = 0;
  for (let s = 0, p = row + 1 + 2 * primary; s < secondary; s++, p += 2) {
    const keyBits = rows[p + 1] as number;
    let found = hits.firstOf(rows[p] as number, (keyBits & WORD) !== 0);
    if (found >= 0 && keyBits & REGEX)
      found = findKey((keysOf(c).secondary as readonly CompiledKey[])[s] as CompiledKey, view);
    if (found >= 0) secondaryHits |= 1 << s;
  }
  const candidate = secondary === 0 || secondaryPassed(secondary, secondaryHits, logicOf(head));
  return new CheckOutcome(candidate, null, quirk, c, key, at, view, secondaryHits);
}

/** `keysUnchanged` of a tabled entry, from its row. */
function tabledKeysUnchanged(c: Candidate, view: BufferView, rows: Int32Array): boolean {
  const hits = view.hits(c.book.keyIndex);
  const row = c.row;
  const head = rows[row] as number;
  const end = row + 1 + 2 * (primaryCount(head) + secondaryCount(head));
  for (let p = row + 1; p < end; p += 2) {
    const code = rows[p] as number;
    const bits = rows[p + 1] as number;
    // A regex key can match differently once its literal occurs (anchors make it non-monotone).
    if (bits & REGEX) {
      if (hits.firstOf(code, false) !== -1) return false;
      continue;
    }
    const word = (bits & WORD) !== 0;
    const old = code & 1 ? c.keyedTextLength : c.keyedLowerLength;
    const at = hits.firstOf(code, word);
    if (at >= old) return false;
    if (!word && at >= 0 && hits.firstOf(code, true) >= old) return false;
  }
  return true;
}

/** "No primary key matched" carries no detail: one shared (frozen) outcome. */
const NO_KEY_MATCH: ExplanationReason = Object.freeze({ code: 'no-key-match' });
const NO_KEY_MATCH_OUTCOME = new CheckOutcome(false, NO_KEY_MATCH);

/**
 * Marks outcomes that a decorator with trailing text failed to decide: `@@activate now` did not force activation,
 * or `@@dont_activate now` did not prevent it.
 */
function withInertDecorator(c: Candidate, outcome: CheckOutcome): CheckOutcome {
  if (outcome.quirk) return outcome;
  const quirk = inertQuirk(c, outcome.candidate);
  return quirk ? new CheckOutcome(outcome.candidate, outcome.reason, quirk) : outcome;
}

function inertQuirk(c: Candidate, candidate: boolean): QuirkName | undefined {
  const inert = candidate ? c.entry.inertWhenFired : c.entry.inertWhenRejected;
  return inert ? 'decorator-inert-trailing-text' : undefined;
}

/**
 * A recursion rule skips the entry. The outcome is the same either way, but the reason only says so when the entry
 * could otherwise have fired (constant, @@activate or a key hit); otherwise the key miss is the better explanation.
 */
function keyedSkip(c: Candidate, pass: PassContext, reason: ExplanationReason): CheckOutcome {
  if (c.entry.activates || c.entry.constant) return skip(reason);
  const keys = keysOf(c);
  if (!keys.primary) return skip({ code: 'no-keys' });
  return firstPrimaryHit(keys.primary, entryView(c, pass), pass.hit) ? skip(reason) : skip({ code: 'no-key-match' });
}

/** The buffer the entry's keys are matched against in this pass. */
function viewOf(c: Candidate, pass: PassContext): BufferView {
  if (c.row >= 0) return pass.view;
  const { layout } = c.entry;
  if (layout.depth === null && layout.mask === 0) return pass.view;
  return pass.buffer.view(layout, pass.state !== ScanState.MIN_ACTIVATIONS);
}

/**
 * `viewOf`, with its key-index hits found first when `pass.indexed` (once per view): an entry with its own scan depth
 * or match sources would otherwise search its view once per key.
 */
function entryView(c: Candidate, pass: PassContext): BufferView {
  const view = viewOf(c, pass);
  if (pass.indexed) view.hits(c.book.keyIndex);
  return view;
}
