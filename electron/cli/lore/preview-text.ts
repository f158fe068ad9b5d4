/** The readable form of a scan result: fired entries in prompt order, grouped by slot, each with its reason. */
import { guesstimateTokenizer, type EntryExplanation, type ScanResult } from '../../../shared/lorebook/index.ts';
import { formatTable } from '../table.ts';

const ROLES = ['system', 'user', 'assistant'];

/** Slots in the order their text appears in the prompt SillyTavern builds. */
function slotRows(result: ScanResult): [string, string][] {
  const { slots } = result;
  const rows: [string, string][] = [];
  const add = (label: string, keys: readonly string[]): void => keys.forEach((key) => rows.push([label, key]));
  add('before character defs', slots.before);
  add('after character defs', slots.after);
  add('example messages top', slots.EMTop);
  add('example messages bottom', slots.EMBottom);
  add(`Author's Note top${result.prompt.authorsNote === null ? ' (no note: unused)' : ''}`, slots.ANTop);
  add(`Author's Note bottom${result.prompt.authorsNote === null ? ' (no note: unused)' : ''}`, slots.ANBottom);
  for (const group of slots.atDepth)
    add(`@depth ${group.depth ?? 4} as ${ROLES[group.role] ?? `role ${group.role}`}`, group.keys);
  for (const [name, keys] of Object.entries(slots.outlet)) add(`outlet "${name}"`, keys);
  for (const dropped of slots.dropped) rows.push([`placed nowhere: ${dropped.reason}`, dropped.key]);
  return rows;
}

/** Tokens of everything the scan placed (SillyTavern's offline estimate). */
function placedTokens(result: ScanResult): number {
  const { prompt } = result;
  const texts = [
    prompt.worldInfoBefore,
    prompt.worldInfoAfter,
    ...prompt.examples.map((e) => e.content),
    ...prompt.anTop,
    ...prompt.anBottom,
    ...prompt.depth.flatMap((d) => d.entries),
    ...Object.values(prompt.outlets).flat(),
  ];
  return guesstimateTokenizer.count(texts.filter((t) => t).join('\n'));
}

export function formatResult(result: ScanResult, why: boolean, title?: string): string {
  const byKey = new Map<string, EntryExplanation>(result.explain.entries.map((e) => [e.key, e]));
  const comment = (key: string): string => byKey.get(key)?.comment ?? '';
  const sentence = (key: string): string => byKey.get(key)?.sentence ?? '';
  const overflowed = result.trace.loops.some((l) => l.budgetOverflowed);
  let out = title ? `${title}\n` : '';
  out += `${result.activated.length} of ${result.explain.entries.length} entries fired; chat length ${result.trace.chatLength}; `;
  out += `placed text ≈ ${placedTokens(result)} tokens, budget ${result.trace.budget} tokens${overflowed ? ' (overflowed: later entries were turned away)' : ''}.\n`;
  const rows = slotRows(result);
  if (rows.length)
    out += `\n${formatTable(
      ['slot', 'entry', 'comment', 'why'],
      rows.map(([slot, key]) => [slot, key, comment(key), sentence(key)]),
    )}`;
  if (why) {
    const missed = result.explain.entries.filter((e) => !e.fired);
    out += missed.length
      ? `\nDid not fire:\n${formatTable(
          ['entry', 'comment', 'why'],
          missed.map((e) => [e.key, e.comment, e.sentence]),
        )}`
      : '\nEvery entry fired.\n';
  }
  return out;
}
