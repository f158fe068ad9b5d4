/**
 * Why each lore entry is in the prompt or out of it, and what the world-info budget held: read from the scan the
 * prompt was assembled from, for "Show prompt". Entries whose keys simply did not match are counted, not listed.
 */
import type { EntryExplanation, ScanResult, Tokenizer, WorldInfoBook } from '../lorebook/model.ts';

export interface LoreReport {
  /** The world-info budget in tokens, and what the fired entries' contents take of it. */
  budget: number;
  used: number;
  /** Fired entries, then those stopped by something other than not matching (budget, disabled, group, roll…). */
  entries: EntryExplanation[];
  /** Entries none of whose keys appeared in the scanned text. */
  notTriggered: number;
}

export function loreReport(result: ScanResult, books: Record<string, WorldInfoBook>, tokenizer: Tokenizer): LoreReport {
  const content = new Map<string, string>();
  for (const [name, book] of Object.entries(books))
    for (const entry of Object.values(book.entries)) content.set(`${name}.${entry.uid}`, String(entry.content ?? ''));
  const all = result.explain.entries;
  const stopped = all.filter((e) => !e.fired && e.reason.code !== 'no-key-match');
  return {
    budget: result.trace.budget,
    used: tokenizer.count(result.activated.map((k) => content.get(k) ?? '').join('\n')),
    entries: [...all.filter((e) => e.fired), ...stopped],
    notTriggered: all.length - all.filter((e) => e.fired).length - stopped.length,
  };
}
