// Inclusion groups (docs/world-info.md#inclusion-groups): timed effects, optional scoring, then one winner per group by prior
// activation, override or weighted roll. Losers are removed as SillyTavern's splice(indexOf) removes them — removing an
// entry twice deletes the last candidate instead (the double-removal quirk).
import type { Candidate } from './candidate.ts';
import { GROUPED } from './check-table.ts';
import type { ExplanationReason, GroupDecision, QuirkName } from './model.ts';
import type { RandomSource } from './rng.ts';

export interface GroupContext {
  /** The pass's candidates in order, all checked: asked for only by a double removal (see below). */
  candidates(): readonly Candidate[];
  /**
   * The candidates in a group, in the candidates' order: a pass may have thousands of candidates in no group, which
   * its check loop sets apart (by their flags) while they are at hand.
   */
  grouped: readonly Candidate[];
  useGroupScoring: boolean;
  /** Entries activated in earlier passes. */
  activated: Iterable<Candidate>;
  random: RandomSource;
  isCooldown(c: Candidate): boolean;
  isDelayed(c: Candidate): boolean;
  score(c: Candidate): number;
  note(c: Candidate, reason: ExplanationReason, quirk?: QuirkName): void;
}

/** The scan indices of the candidates the groups remove, or null: none. */
export function filterByInclusionGroups(context: GroupContext): ReadonlySet<number> | null {
  // An object, not a Map: SillyTavern iterates groups in object order (integer-like names first). No prototype, so
  // a group named "__proto__" or "constructor" is an ordinary group.
  const groups: Record<string, Candidate[]> = Object.create(null) as Record<string, Candidate[]>;
  for (const c of context.grouped) for (const name of c.entry.groups) (groups[name] ??= []).push(c);
  const names = Object.keys(groups);
  if (names.length === 0) return null;

  // Removed candidates are marked (by scan index) and dropped by the caller in one walk, not spliced out one by one: a
  // pass may have thousands of candidates and hundreds of losers.
  const removed = new Set<number>();
  // The whole list, once a double removal needs its end. Candidates after `last` are all removed: the one at `last`,
  // once it is not, is the list's last.
  let candidates: readonly Candidate[] | null = null;
  let last = -1;
  const remove = (c: Candidate, group: string, winner: Candidate | null, by: GroupDecision, roll: number | null) => {
    const reason: ExplanationReason = { code: 'group-lost', group, winner: winner?.entry.key ?? null, roll, by };
    if (!removed.has(c.index)) {
      removed.add(c.index);
      context.note(c, reason);
      return;
    }
    // indexOf gives -1 for an entry already removed, and splice(-1, 1) removes the last candidate.
    if (!candidates) {
      candidates = context.candidates();
      last = candidates.length - 1;
    }
    while (last >= 0 && removed.has((candidates[last] as Candidate).index)) last--;
    if (last < 0) return;
    const victim = candidates[last] as Candidate;
    removed.add(victim.index);
    context.note(victim, { ...reason, by: 'double-removal' }, 'group-double-removal');
  };

  const sticky = new Set<string>();
  for (const name of names) {
    const group = groups[name] as Candidate[];
    const stickyMembers = group.filter((c) => c.sticky);
    if (stickyMembers.length > 0) {
      sticky.add(name);
      for (const c of group) if (!c.sticky) remove(c, name, stickyMembers[0] ?? null, 'sticky-member', null);
    }
    for (const c of group)
      if (context.isCooldown(c) || context.isDelayed(c)) remove(c, name, null, 'timed-effect', null);
  }

  for (const name of names) {
    let group = groups[name] as Candidate[];
    if (sticky.has(name)) continue;
    if (context.useGroupScoring || group.some((c) => c.entry.raw.useGroupScoring)) {
      const scores = group.map((c) => context.score(c));
      const best = Math.max(...scores);
      group = group.filter((c, i) => {
        if (!(c.entry.raw.useGroupScoring ?? context.useGroupScoring) || (scores[i] as number) >= best) return true;
        remove(c, name, null, 'score', null);
        return false;
      });
      groups[name] = group;
    }
  }

  // The first activated entry whose group field is exactly a group's name closes that group. Such a field holds no
  // comma, so it is the entry's one group: entries in no group (by their flags: every pass asks about every entry
  // activated so far) need no look at their entry.
  const closers = new Map<string, Candidate>();
  for (const c of context.activated) {
    if (!(c.flags & GROUPED) || c.entry.groups.length !== 1) continue;
    const { group } = c.entry.raw;
    if (typeof group === 'string' && !closers.has(group)) closers.set(group, c);
  }
  for (const name of names) {
    const group = groups[name] as Candidate[];
    if (sticky.has(name)) continue;
    const closer = closers.get(name);
    if (closer) {
      for (const c of group) remove(c, name, closer, 'closed', null);
      continue;
    }
    if (group.length <= 1) continue;
    const overrides = group.filter((c) => c.entry.raw.groupOverride);
    if (overrides.length > 0) {
      const winner = overrides.reduce((best, c) =>
        Number(c.entry.raw.order) > Number(best.entry.raw.order) ? c : best,
      );
      for (const c of group) if (c !== winner) remove(c, name, winner, 'override', null);
      continue;
    }
    const weight = (c: Candidate) => c.entry.raw.groupWeight ?? 100;
    const total = group.reduce((sum, c) => sum + weight(c), 0);
    const roll = context.random.next() * total;
    let running = 0;
    const winner = group.find((c) => (running += weight(c)) >= roll) ?? null;
    for (const c of group) if (c !== winner) remove(c, name, winner, 'weighted-roll', roll);
  }

  return removed.size === 0 ? null : removed;
}
