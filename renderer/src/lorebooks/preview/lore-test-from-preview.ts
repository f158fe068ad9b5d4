/**
 * The preview's current scenario and result as a lore test (shared/lorebook/lore-test-document.ts): the turns the
 * worker scanned, without the book, and what each turn showed as its expectations.
 */
import { expectationsFromResult, expectToJson } from '../../../../shared/lorebook/lore-test.ts';
import type { LoreTestDocument } from '../../../../shared/lorebook/lore-test-document.ts';
import type { WorldInfoBook } from '../../../../shared/lorebook/model.ts';
import type { ScanOutput } from './protocol.ts';
import { buildScenario, buildTurns, type PreviewMessage, type PreviewSetup } from './scenario.ts';
import { NO_SOURCES, type PreviewSources } from './sources.ts';

/** Above this many entries, "does not fire" is left out: the list would be most of the book and break on every addition. */
export const DOES_NOT_FIRE_LIMIT = 200;

/**
 * Null when the result on screen is not the one for these inputs (a scan still running), or when other books took
 * part: a saved test carries no books and is run against its own book alone (lore-test-document.ts `withBook`).
 */
export function loreTestFromPreview(
  bookName: string,
  book: WorldInfoBook,
  setup: PreviewSetup,
  chat: readonly PreviewMessage[],
  output: ScanOutput,
  bookSize: number,
  sources: PreviewSources = NO_SOURCES,
): LoreTestDocument | null {
  if (sources.books.length > 0) return null;
  // The same scenarios the worker scans (scan.worker.ts); scanTurns over one scenario equals the single scan.
  const scenarios = setup.turns
    ? buildTurns(bookName, book, setup, chat, sources)
    : [buildScenario(bookName, book, setup, chat, sources)];
  if (scenarios.length !== output.results.length) return null;
  const turns = scenarios.map(({ books: _books, ...turn }) => turn);
  const expect = output.results.map((result, i) => {
    // The worker moves "no key matched" explanations out of `explain` into `unmatched`; both did not fire.
    const notFired =
      bookSize <= DOES_NOT_FIRE_LIMIT
        ? [...result.explain.entries.filter((e) => !e.fired).map((e) => e.key), ...(output.unmatched[i] ?? [])]
        : undefined;
    return expectToJson(expectationsFromResult(result, notFired));
  });
  return { turns, expect };
}
