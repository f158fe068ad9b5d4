// In-chat extension prompts (docs/prompt-assembly.md#in-chat-slots) and depth injection (docs/prompt-assembly.md#depth-injection), shared by both modes.
import type { Role } from './types.ts';

/** A named in-chat slot. Keys are SillyTavern's: their code-unit order decides the order inside one depth and role. */
export interface DepthSlot {
  key: string;
  value: string;
  depth: number;
  role: Role;
}

export interface Injection {
  depth: number;
  role: Role;
  text: string;
}

const roleOrder: Role[] = ['system', 'user', 'assistant'];

/** One injection per (depth, role): values trimmed, joined with `\n` in key order, then macro-expanded. */
export function collectInjections(slots: DepthSlot[], expand: (text: string) => string): Injection[] {
  const groups = new Map<string, DepthSlot[]>();
  for (const slot of slots) {
    if (!slot.value.trim()) continue;
    const id = `${slot.depth}\u0000${slot.role}`;
    groups.set(id, [...(groups.get(id) ?? []), slot]);
  }
  const out: Injection[] = [];
  for (const group of groups.values()) {
    const joined = group
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map((slot) => slot.value.trim())
      .join('\n');
    const text = expand(joined);
    if (text) out.push({ depth: group[0]!.depth, role: group[0]!.role, text });
  }
  return out;
}

/**
 * Inserts injections into a chronological list. Depth counts real messages only (earlier blocks are skipped over),
 * a depth beyond the chat pins the block to the top, and one depth's roles come out assistant, user, system.
 */
export function injectAtDepth<T>(chronological: T[], injections: Injection[], make: (injection: Injection) => T): T[] {
  const list = [...chronological].reverse();
  const depths = [...new Set(injections.map((i) => i.depth))].sort((a, b) => a - b);
  let inserted = 0;
  for (const depth of depths) {
    const block = roleOrder.flatMap((role) => injections.filter((i) => i.depth === depth && i.role === role).map(make));
    list.splice(Math.min(depth + inserted, list.length), 0, ...block);
    inserted += block.length;
  }
  return list.reverse();
}
