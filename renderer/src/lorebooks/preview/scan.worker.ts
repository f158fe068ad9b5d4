/**
 * Runs the shared engine off the main thread. The book is cached between requests; a request carries it only
 * when it changed. A runaway regex key blocks only this worker, which the page then terminates and replaces.
 */
import {
  scan,
  scanTurns,
  chatForScan,
  guesstimateTokenizer,
  parseRegexKey,
} from '../../../../shared/lorebook/index.ts';
import type { ScanResult, Scenario, WorldInfoBook, WorldInfoEntry } from '../../../../shared/lorebook/model.ts';
import type { Highlight, ScanReply, ScanRequest, TurnSummary } from './protocol.ts';
import { buildScenario, buildTurns } from './scenario.ts';
import { errorMessage } from '../../../../shared/errors.ts';
import { readBook } from './read-book.ts';

// The renderer is typed against the DOM; this is the part of the worker scope used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ScanRequest>) => void) | null;
  postMessage(message: ScanReply): void;
};

let cached: { version: number; name: string; value: WorldInfoBook } | null = null;

/** Where each fired key hit falls in the chat, mapped from the scan buffer's segment back to the message text. */
function highlights(scenario: Scenario, result: ScanResult): Highlight[] {
  const out: Highlight[] = [];
  const scanned = chatForScan(scenario);
  const n = scenario.chat.length;
  for (const e of result.explain.entries) {
    if (!e.fired || e.reason.code !== 'key-match') continue;
    const { match } = e.reason;
    if (match.segment?.kind !== 'message') continue;
    const message = n - 1 - match.segment.index;
    const raw = scanned[match.segment.index];
    const source = scenario.chat[message];
    if (raw === undefined || source === undefined || typeof source === 'string') continue;
    let length = match.expanded.length;
    if (match.regex) {
      const re = parseRegexKey(match.expanded);
      const sticky = re ? new RegExp(re.source, re.flags.replace(/[gy]/g, '') + 'y') : null;
      if (sticky) sticky.lastIndex = match.offset;
      length = sticky?.exec(raw.trim())?.[0].length ?? 0;
    }
    const lead = raw.length - raw.trimStart().length;
    const prefix = scenario.settings.includeNames ? source.name.length + 2 : 0;
    const start = Math.max(0, match.offset + lead - prefix);
    const end = match.offset + lead - prefix + length;
    if (end > start) out.push({ message, start, end, entry: e.key });
  }
  return out;
}

function usedTokens(result: ScanResult, books: Scenario['books']): number {
  const byKey = new Map<string, WorldInfoEntry>();
  for (const [name, book] of Object.entries(books))
    for (const entry of Object.values(book.entries)) byKey.set(`${name}.${entry.uid}`, entry);
  const text = result.activated.map((k) => String(byKey.get(k)?.content ?? '')).join('\n');
  return guesstimateTokenizer.count(text);
}

function turnSummary(result: ScanResult): TurnSummary {
  const list = (records: Record<string, { end: number }>) =>
    Object.entries(records).map(([key, r]) => ({ key, end: r.end }));
  return {
    activated: result.activated,
    sticky: list(result.timedWorldInfo.sticky),
    cooldown: list(result.timedWorldInfo.cooldown),
    chatLength: result.trace.chatLength,
  };
}

scope.onmessage = (event: MessageEvent<ScanRequest>) => {
  const request = event.data;
  if (request.book)
    cached = { version: request.book.version, name: request.book.name, value: readBook(request.book.text) };
  let reply: ScanReply;
  try {
    if (!cached || cached.version !== request.bookVersion) throw new Error('book not received');
    const { name, value } = cached;
    const start = performance.now();
    const { setup, chat, sources } = request;
    const scenarios = setup.turns
      ? buildTurns(name, value, setup, chat, sources)
      : [buildScenario(name, value, setup, chat, sources)];
    const results = setup.turns ? scanTurns(scenarios) : [scan(scenarios[0]!)];
    const scanMs = performance.now() - start;
    const marks = results.map((r, i) => highlights(scenarios[i]!, r));
    const unmatched = results.map((r) => {
      const keys = r.explain.entries.filter((e) => !e.fired && e.reason.code === 'no-key-match').map((e) => e.key);
      r.explain.entries = r.explain.entries.filter((e) => e.fired || e.reason.code !== 'no-key-match');
      return keys;
    });
    reply = {
      id: request.id,
      ok: true,
      output: {
        results,
        unmatched,
        turns: results.map(turnSummary),
        highlights: marks,
        used: results.map((r, i) => usedTokens(r, scenarios[i]!.books)),
        scanMs,
      },
    };
  } catch (e) {
    reply = { id: request.id, ok: false, error: errorMessage(e) };
  }
  scope.postMessage(reply);
};
