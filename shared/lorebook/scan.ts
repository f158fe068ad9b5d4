// `scan(scenario)`: one World Info activation, mode sillytavern-1.18. Runs the passes of docs/world-info.md#passes; the
// per-entry checks, groups, admission (probability and budget), next-pass rules, buffer and placement live in their
// own modules.
import {
  checkEntry,
  rejectedForScan,
  unevaluatedOutcome,
  type PassContext,
  type ScanFacts,
} from './activation-check.ts';
import { admitCandidates } from './admission.ts';
import { tokenBudget } from './budget.ts';
import { Candidate, ScanCandidates } from './candidate.ts';
import { GROUPED, IGNORE_BUDGET, PREVENT_RECURSION } from './check-table.ts';
import { orderEntries } from './entry-order.ts';
import { explainEntry } from './explain.ts';
import { FateLog } from './fate-log.ts';
import { filterContext } from './filters.ts';
import { filterByInclusionGroups } from './groups.ts';
import { expandMacros, type MacroNames } from './macros.ts';
import type {
  EntryExplanation,
  EntryKey,
  PassTrace,
  Scenario,
  ScanExplanation,
  ScanResult,
  TimedWorldInfo,
  Tokenizer,
} from './model.ts';
import { ScanState, WorldInfoPosition } from './model.ts';
import { nextPass } from './next-pass.ts';
import { PassCandidates } from './pass-candidates.ts';
import { emptyPrompt, emptySlots, placeEntries } from './placement.ts';
import { createRandomSource } from './rng.ts';
import { ScanBuffer } from './scan-buffer.ts';
import { PassSelection } from './pass-selection.ts';
import { scanPlan } from './scan-plan.ts';
import { groupScore, PrimaryHit } from './secondary.ts';
import { TimedEffects } from './timed-effects.ts';
import { GrowingTextCounter, guesstimateTokenizer } from './tokenizer.ts';

export const SCAN_MODE = 'sillytavern-1.18';

export interface ScanOptions {
  /** Token counter for the budget; SillyTavern's offline estimate by default. */
  tokenizer?: Tokenizer;
  /** The previous turn's final state, used when `scenario.carryTimedEffects` is true. */
  carriedTimedEffects?: TimedWorldInfo | null;
  /** Evaluate every entry in every pass instead of looking keys up in the book's index. Same results, slower. */
  exhaustive?: boolean;
  /**
   * List the entries whose verdict is "no primary key matched" in `result.unmatched` (scan order) instead of
   * explaining them in `result.explain`: on a large book they are nearly all of it, and explaining them one by one
   * costs more than the scan.
   */
  listUnmatched?: boolean;
  /**
   * Explain only the entries some pass evaluated (every entry that fired is one) and count the others in
   * `result.unevaluated`: a live view that shows the fired entries need not walk the whole book. Takes precedence
   * over `listUnmatched`.
   */
  explainEvaluatedOnly?: boolean;
}

/** Newest first, `Name: ` prefixed when names are included, system messages dropped (docs/world-info-scenarios.md#chat). */
export function chatForScan(scenario: Scenario): string[] {
  const lines: string[] = [];
  for (const m of scenario.chat) {
    if (typeof m === 'string') lines.push(m);
    else if (!m.is_system) lines.push(scenario.settings.includeNames ? `${m.name}: ${m.mes}` : m.mes);
  }
  return lines.reverse();
}

export function scan(scenario: Scenario, options: ScanOptions = {}): ScanResult {
  const { settings } = scenario;
  const tokenizer = options.tokenizer ?? guesstimateTokenizer;
  const names: MacroNames = { user: scenario.user.name, char: scenario.character.name };
  const chat = chatForScan(scenario);
  const chatLength = chat.length;
  const budget = tokenBudget(settings, scenario.maxContext);
  const random = createRandomSource(scenario.seed, scenario.random);
  const initialTimed = scenario.carryTimedEffects ? (options.carriedTimedEffects ?? null) : scenario.timedWorldInfo;

  const order = orderEntries(scenario);
  if (order.length === 0) {
    // SillyTavern returns before touching timed effects when no entry is loaded at all.
    return {
      activated: [],
      slots: emptySlots(),
      prompt: emptyPrompt(scenario.authorsNote),
      timedWorldInfo: { sticky: { ...initialTimed?.sticky }, cooldown: { ...initialTimed?.cooldown } },
      randomDraws: 0,
      trace: { budget, chatLength, randomValues: [], loops: [] },
      explain: { mode: SCAN_MODE, entries: [] },
    };
  }

  const keyContext = { ...names, caseSensitive: settings.caseSensitive, wholeWords: settings.matchWholeWords };
  const plan = scanPlan(order, keyContext, options.exhaustive);
  const timed = new TimedEffects(initialTimed, chatLength, scenario.dryRun);
  timed.check({
    indexOfHash: (hash) => plan.indexOfHash(hash),
    entry: (index) => order.entry(index),
    hashIsUnique: (hash) => plan.hashIsUnique(hash),
  });
  const stickyIndices = [...timed.stickyHashes()].flatMap((hash) => plan.indexOfHash(hash) ?? []);
  const facts: ScanFacts = { timed, filters: filterContext(scenario.character, scenario.trigger) };
  // Candidates are materialised only for entries a pass evaluates (or an explanation asks about).
  const candidates = new ScanCandidates(order.length);
  // `row` -1: the candidate reads its entry (see check-table.ts).
  const newCandidate = (index: number, row = plan.checkRow(index), sticky?: boolean): Candidate => {
    const entry = order.entry(index);
    sticky ??= timed.sticky(entry, index) !== undefined;
    return new Candidate(entry, plan.book(index), order.bookIndex(index), index, sticky, row, plan.entryFlags(index));
  };

  const buffer = new ScanBuffer(
    {
      messages: chat.map((m) => m.trim()),
      sources: {
        persona: scenario.user.persona,
        description: scenario.character.description,
        personality: scenario.character.personality,
        depthPrompt: scenario.character.depthPrompt,
        scenario: scenario.character.scenario,
        creatorNotes: scenario.character.creatorNotes,
      },
      injects: injectedPrompts(scenario, names),
    },
    settings.depth,
    options.exhaustive,
  );

  const fates = new FateLog();
  // The reference path checks every entry in every pass.
  // A resting entry's rejection is logged again for the last pass it rested in, but not after its key was activated.
  const selection = options.exhaustive
    ? null
    : new PassSelection(plan, stickyIndices, (c, pass, outcome) => {
        const winner = activatedWith(c);
        fates.rejected(c, winner ? Math.min(pass, winner.firedIn) : pass, outcome, outcome.quirk);
      });
  const levels = [...plan.delayLevels];
  let level = levels.shift() ?? 0;
  const activated = new Map<string, Candidate>();
  // The activated entry with this candidate's key. Unique keys (outside the reference path) spare the string lookup.
  const byEntry = order.keysUnique && !options.exhaustive;
  const activatedWith = (c: Candidate): Candidate | undefined =>
    byEntry ? (c.firedIn > 0 ? c : undefined) : activated.get(c.entry.key);
  // The contents earlier passes added for recursion, newest first, each followed by "\n".
  const priorText = new GrowingTextCounter(tokenizer);
  let overflowed = false;
  // An entry no other step needs to see before the budget does is checked when the budget reaches it (see
  // pass-candidates.ts); with keys shared by entries, which one is activated must be known before the check.
  const stickyFree = stickyIndices.length === 0;
  const deferrable = (i: number): boolean => {
    if (!byEntry) return false;
    plan.checkRow(i);
    if (plan.entryFlags(i) & (GROUPED | IGNORE_BUDGET)) return false;
    return stickyFree || timed.sticky(order.entry(i), i) === undefined;
  };
  let last: PassCandidates | null = null;
  let ended = false;
  let state: ScanState = ScanState.INITIAL;
  const loops: PassTrace[] = [];

  while (state !== ScanState.NONE) {
    if (settings.maxRecursionSteps && settings.maxRecursionSteps <= loops.length) break;
    const loop = loops.length + 1;
    const withRecursion = state !== ScanState.MIN_ACTIVATIONS;
    const view = buffer.view(SHARED_LAYOUT, withRecursion);
    const pass: PassContext = {
      ...facts,
      state,
      level,
      recursive: settings.recursive,
      buffer,
      view,
      indexed: !options.exhaustive,
      hit: new PrimaryHit(),
      rows: () => plan.checkKeys,
    };

    // Sticky entries first, then scan order; those in a group also on their own.
    const check = (c: Candidate): boolean => {
      const outcome = checkEntry(c, pass);
      if (!ended) selection?.settle(c, outcome, view);
      if (outcome.candidate) fates.qualified(c, loop, outcome);
      else fates.rejected(c, loop, outcome, outcome.quirk);
      return outcome.candidate;
    };
    const chosen = selection
      ? selection.select(view, loop, (i) => candidates.get(i)?.restsIn === view.lineage)
      : plan.select(view, stickyIndices);
    const found = new PassCandidates(
      chosen,
      (i) => {
        // Deferred entries are not sticky (see `deferrable`).
        const c = newCandidate(i, plan.checkRow(i), false);
        candidates.add(c);
        return check(c) ? c : null;
      },
      fates,
    );
    const grouped: Candidate[] = [];
    const stickyGrouped: Candidate[] = [];
    for (let k = 0; k < chosen.length; k++) {
      const i = chosen[k] as number;
      let c = candidates.get(i);
      if (!c) {
        if (deferrable(i)) continue;
        candidates.add((c = newCandidate(i)));
      }
      found.strike(k);
      selection?.wake(c, loop);
      if (c.rollFailed || activatedWith(c)) continue;
      if (!check(c)) continue;
      found.add(c);
      if (c.flags & GROUPED) (c.sticky ? stickyGrouped : grouped).push(c);
    }

    const priorTokens = priorText.tokens();
    const removed = filterByInclusionGroups({
      candidates: () => found.all(),
      grouped: stickyGrouped.length > 0 ? [...stickyGrouped, ...grouped] : grouped,
      useGroupScoring: settings.useGroupScoring,
      activated: activated.values(),
      random,
      isCooldown: (c) => timed.cooldown(c.entry, c.index) !== undefined,
      isDelayed: (c) => timed.delayed(c.entry),
      score: (c) =>
        groupScore(c.book.rawKeys(c.bookIndex), buffer.view(c.entry.layout, withRecursion), c.entry.raw.selectiveLogic),
      note: (c, reason, quirk) => fates.rejected(c, loop, reason, quirk),
    });
    if (removed) found.drop(removed);
    const admission = admitCandidates(found, {
      pass: loop,
      budget,
      priorTokens,
      overflowed,
      tokenizer,
      random,
      names,
      fates,
      activate: (c) => {
        c.firedIn = loop;
        activated.set(c.entry.key, c);
        fates.fired(c);
      },
    });

    overflowed = admission.overflowed;

    // Entries the budget turned away still count here (and feed recursion), as in SillyTavern.
    const successful = () => (admission.rollsFailed > 0 ? found.all().filter((c) => !c.rollFailed) : found.all());
    const recursable = () => successful().filter((c) => !(c.flags & PREVENT_RECURSION));
    // After an overflow only a delay level's pass can follow, which does not ask how many can recurse.
    let forRecursion = overflowed ? null : recursable();
    const decision = nextPass(
      settings,
      { state, overflowed, recursable: forRecursion?.length ?? 0, activatedCount: activated.size, chatLength },
      buffer,
      levels,
    );
    if (decision.level !== undefined) level = decision.level;
    if (decision.next !== ScanState.NONE) {
      const recursing = (forRecursion ??= recursable());
      const contents = recursing.map((c) => c.content);
      const text = buffer.addRecursion(loop, contents);
      if (text) {
        // `${text}\n` in two steps, so the counter reads no concatenated copy, nor contents the budget step measured.
        priorText.prepend('\n');
        priorText.prependJoined(text, contents, (i) => (recursing[i] as Candidate).contentMeasure);
      }
    }
    const trace: PassTrace = {
      loop,
      state,
      next: decision.next,
      candidates: [],
      successful: [],
      activatedTotal: activated.size,
      recursionDelayLevel: level,
      budget,
      budgetOverflowed: overflowed,
    };
    // Only the last pass can end with entries deferred (another pass needs them all): its lists wait to be read.
    if (found.settled) {
      trace.candidates = found.all().map((c) => c.entry.key);
      trace.successful = successful().map((c) => c.entry.key);
    } else {
      last = found;
      lazyTrace(
        trace,
        () => found.all().map((c) => c.entry.key),
        () => successful().map((c) => c.entry.key),
      );
    }
    loops.push(trace);
    state = decision.next;
  }

  selection?.end(loops.length);
  ended = true;
  // The last pass's deferred entries, checked (and their fates logged) once an explanation asks.
  const settle = () => last?.all();
  const activatedList = [...activated.values()];
  timed.record(activatedList.map((c) => c.entry));
  const { slots, prompt } = placeEntries(activatedList, scenario.authorsNote);
  if (!scenario.authorsNote) {
    for (const c of activatedList) {
      if (c.entry.raw.position === WorldInfoPosition.ANTop || c.entry.raw.position === WorldInfoPosition.ANBottom)
        fates.quirk(c, 'an-slot-without-authors-note');
    }
  }
  let explanation: ScanExplanation | undefined;
  let unmatched: EntryKey[] | undefined;
  const explain = (): ScanExplanation => {
    settle();
    if (options.explainEvaluatedOnly)
      return { mode: SCAN_MODE, entries: fates.decided().map((c) => explainEntry(c, c.fate!)) };
    const entries: EntryExplanation[] = [];
    const list: EntryKey[] | null = options.listUnmatched ? (unmatched = []) : null;
    const evaluatedAt = candidates.byIndex();
    for (let i = 0; i < order.length; i++) {
      const entry = order.entry(i);
      const evaluated = evaluatedAt.get(i);
      const fate = evaluated?.fate;
      if (evaluated && fate) {
        if (list && !fate.fired && fate.reason.code === 'no-key-match') list.push(entry.key);
        else entries.push(explainEntry(evaluated, fate));
        continue;
      }
      // Most entries of a large book were never evaluated: no candidate is kept for them.
      if (
        list &&
        plan.book(i).keys(order.bookIndex(i)).primary &&
        !rejectedForScan({ entry, sticky: timed.sticky(entry, i) !== undefined, index: i, row: -1 }, facts)
      ) {
        list.push(entry.key);
        continue;
      }
      // Explaining an entry no pass checked writes no check-table row for it: it reads its entry.
      const c = evaluated ?? newCandidate(i, -1);
      const { reason, quirk } = unevaluatedOutcome(c, facts);
      entries.push(
        explainEntry(
          c,
          quirk ? { fired: false, pass: null, reason, rank: 0, quirk } : { fired: false, pass: null, reason, rank: 0 },
        ),
      );
    }
    return { mode: SCAN_MODE, entries };
  };
  const result = {
    activated: activatedList.map((c) => c.entry.key),
    slots,
    prompt,
    timedWorldInfo: timed.state,
    randomDraws: random.drawn.length,
    trace: { budget, chatLength, randomValues: [...random.drawn], loops },
  } as ScanResult; // `explain` is defined just below.
  // Built on first access: explaining every entry of a large book costs more than the scan itself.
  const lazy: LazyParts = {
    explain: () => (explanation ??= explain()),
    unmatched: () => {
      explanation ??= explain();
      return unmatched;
    },
  };
  Object.defineProperty(result, LAZY, { value: lazy });
  Object.defineProperty(result, 'explain', LAZY_EXPLAIN);
  if (options.explainEvaluatedOnly) {
    settle();
    result.unevaluated = order.length - fates.size;
  } else if (options.listUnmatched) Object.defineProperty(result, 'unmatched', LAZY_UNMATCHED);
  return result;
}

/**
 * A result's lazily built parts, read by getters that every result shares. A getter made per scan would be a fresh
 * accessor per result: V8 then gives each result a fresh hidden class, whose descriptors live in the old generation
 * and point at that getter until the next full GC. The young-generation GC treats them as roots, so each scan's whole
 * working set (candidates, outcomes, fates, buffer) outlived it: about 40 % of what a scan allocates was promoted, and
 * copying it was most of the scan's GC time.
 */
const LAZY = Symbol('lazy result parts');
interface LazyParts {
  explain(): ScanExplanation;
  unmatched(): EntryKey[] | undefined;
}
type WithLazyParts = { [LAZY]: LazyParts };
const LAZY_EXPLAIN: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: WithLazyParts) {
    return this[LAZY].explain();
  },
};
const LAZY_UNMATCHED: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: WithLazyParts) {
    return this[LAZY].unmatched();
  },
};

/** A pass trace's lists, built when first read (the same shared getters for every trace, as for results above). */
const LAZY_LISTS = Symbol('lazy trace lists');
interface LazyLists {
  candidates: EntryKey[] | (() => EntryKey[]);
  successful: EntryKey[] | (() => EntryKey[]);
}
type WithLazyLists = { [LAZY_LISTS]: LazyLists };
const lazyList = (name: keyof LazyLists): PropertyDescriptor => ({
  enumerable: true,
  configurable: true,
  get(this: WithLazyLists) {
    const lists = this[LAZY_LISTS];
    const list = lists[name];
    return typeof list === 'function' ? (lists[name] = list()) : list;
  },
});
const LAZY_CANDIDATES = lazyList('candidates');
const LAZY_SUCCESSFUL = lazyList('successful');

function lazyTrace(trace: PassTrace, candidates: () => EntryKey[], successful: () => EntryKey[]): void {
  Object.defineProperty(trace, LAZY_LISTS, { value: { candidates, successful } });
  // Redefined in place, so the keys keep their order.
  Object.defineProperty(trace, 'candidates', LAZY_CANDIDATES);
  Object.defineProperty(trace, 'successful', LAZY_SUCCESSFUL);
}

/** The buffer layout of an entry without its own scan depth or match sources. */
const SHARED_LAYOUT = { depth: null, mask: 0 };

/** Scanned extension prompts in key order, then the Author's Note; macro-expanded, empty ones skipped. */
function injectedPrompts(scenario: Scenario, names: MacroNames): { id: string; text: string }[] {
  const injects: { id: string; text: string }[] = [];
  for (const [id, prompt] of Object.entries(scenario.extensionPrompts)) {
    const text = prompt.scan ? expandMacros(prompt.value, names) : '';
    if (text) injects.push({ id, text });
  }
  const note = scenario.authorsNote;
  const text = note?.scan ? expandMacros(note.value, names) : '';
  if (text) injects.push({ id: 'authorsNote', text });
  return injects;
}
