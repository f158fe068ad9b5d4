// Sticky, cooldown and delay (docs/world-info.md#timed-effects). Records live in `timedWorldInfo`, keyed by entry key but matched to
// entries by content hash; times are absolute chat lengths.
import type { TimedEffectRecord, TimedWorldInfo } from './model.ts';
import { HASH_LOW, type PreparedEntry } from './prepare.ts';

type Effect = 'sticky' | 'cooldown';

/** The scan's entries as timed effects find them: by hash, and whether one entry alone holds a hash. */
export interface EntriesByHash {
  /** Scan index of the first entry with this hash. */
  indexOfHash(hash: number): number | undefined;
  entry(index: number): PreparedEntry;
  /** No other entry has this hash (false may also mean unknown). */
  hashIsUnique(hash: number): boolean;
}

export class TimedEffects {
  readonly state: TimedWorldInfo;
  readonly #chatLength: number;
  readonly #dryRun: boolean;
  /** Hashes of entries whose effect is active this scan. */
  readonly #active: Record<Effect, Map<number, TimedEffectRecord>> = { sticky: new Map(), cooldown: new Map() };
  /**
   * The low bits of those hashes (see PreparedEntry.hashLow): a scan asks about every entry it checks, nearly all
   * without a record, and a set of small integers answers that without reading the hashes (53-bit heap numbers).
   */
  readonly #folds: Record<Effect, Set<number>> = { sticky: new Set(), cooldown: new Set() };
  /**
   * The same records by scan index, when each active hash belongs to one entry alone (as good as always: equal hashes
   * need equal uids): a check then reads no entry for it.
   */
  readonly #at: Record<Effect, Map<number, TimedEffectRecord>> = { sticky: new Map(), cooldown: new Map() };
  #byIndex = true;

  constructor(initial: TimedWorldInfo | null, chatLength: number, dryRun: boolean) {
    this.state = { sticky: { ...(initial?.sticky ?? {}) }, cooldown: { ...(initial?.cooldown ?? {}) } };
    this.#chatLength = chatLength;
    this.#dryRun = dryRun;
  }

  /** Expire, hand over (sticky → protected cooldown) and collect active records. Not in dry runs. */
  check(entries: EntriesByHash): void {
    if (this.#dryRun) return;
    const now = this.#chatLength;
    for (const effect of ['sticky', 'cooldown'] as const) {
      const records = this.state[effect];
      for (const [key, record] of Object.entries(records)) {
        const index = entries.indexOfHash(record.hash);
        const entry = index === undefined ? undefined : entries.entry(index);
        if (now <= record.start && !record.protected) {
          delete records[key]; // the chat did not advance: a regenerate or swipe
        } else if (!entry) {
          if (now >= record.end) delete records[key];
        } else if (!entry[effect]) {
          delete records[key];
        } else if (now >= record.end) {
          delete records[key];
          if (effect === 'sticky' && entry.cooldown) {
            this.state.cooldown[key] = {
              hash: entry.hash,
              start: now,
              end: now + Number(entry.cooldown),
              protected: true,
            };
          }
        } else {
          this.#active[effect].set(record.hash, record);
          this.#folds[effect].add(record.hash & HASH_LOW);
          this.#at[effect].set(index as number, record);
          if (!entries.hashIsUnique(record.hash)) this.#byIndex = false;
        }
      }
    }
  }

  /** Hashes of entries with an active sticky record. */
  stickyHashes(): Iterable<number> {
    return this.#active.sticky.keys();
  }

  /** The active sticky record of `entry`, at scan index `index`. */
  sticky(entry: PreparedEntry, index: number): TimedEffectRecord | undefined {
    return this.#record('sticky', entry, index);
  }

  cooldown(entry: PreparedEntry, index: number): TimedEffectRecord | undefined {
    return this.#record('cooldown', entry, index);
  }

  // Without records the entry's hash (a JSON serialisation, computed on first use) is not needed.
  #record(effect: Effect, entry: PreparedEntry, index: number): TimedEffectRecord | undefined {
    const active = this.#active[effect];
    if (active.size === 0) return undefined;
    if (this.#byIndex) return this.#at[effect].get(index);
    return this.#folds[effect].has(entry.hashLow) ? active.get(entry.hash) : undefined;
  }

  /** `delay` counts absolute messages: active while the chat is shorter. */
  delayed(entry: PreparedEntry): boolean {
    const { delay } = entry;
    return !!delay && this.#chatLength < delay;
  }

  /** Start records for newly activated entries. Not in dry runs. */
  record(activated: Iterable<PreparedEntry>): void {
    if (this.#dryRun) return;
    const now = this.#chatLength;
    for (const entry of activated) {
      for (const effect of ['sticky', 'cooldown'] as const) {
        const length = entry[effect];
        if (!length || this.state[effect][entry.key]) continue;
        this.state[effect][entry.key] = { hash: entry.hash, start: now, end: now + Number(length), protected: false };
      }
    }
  }
}
