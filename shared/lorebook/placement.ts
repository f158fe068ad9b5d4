// Prompt slots (docs/world-info.md#placement, docs/world-info-scenarios.md#slots-in-the-result). Entries are visited by `order` descending (stable) and
// unshifted into their slot, so slots read ascending with ties reversed; outlets are appended instead.
import type { Candidate } from './candidate.ts';
import type { AuthorsNote, DepthPrompt, ExamplePrompt, PromptOutput, Slots } from './model.ts';
import { WorldInfoPosition as P } from './model.ts';

export interface Placement {
  slots: Slots;
  prompt: PromptOutput;
}

export function emptySlots(): Slots {
  return {
    before: [],
    after: [],
    ANTop: [],
    ANBottom: [],
    EMTop: [],
    EMBottom: [],
    atDepth: [],
    outlet: {},
    dropped: [],
  };
}

export function emptyPrompt(authorsNote: AuthorsNote | null): PromptOutput {
  return {
    worldInfoBefore: '',
    worldInfoAfter: '',
    depth: [],
    examples: [],
    anTop: [],
    anBottom: [],
    outlets: {},
    authorsNote: authorsNote ? authorsNote.value : null,
  };
}

type StackedSlot = 'before' | 'after' | 'ANTop' | 'ANBottom' | 'EMTop' | 'EMBottom';

/** The positions (a Map: `position` is untrusted) whose entries just stack up in a slot of the same name (depth groups and outlets are built below). */
const STACKED: ReadonlyMap<unknown, StackedSlot> = new Map<unknown, StackedSlot>([
  [P.before, 'before'],
  [P.after, 'after'],
  [P.ANTop, 'ANTop'],
  [P.ANBottom, 'ANBottom'],
  [P.EMTop, 'EMTop'],
  [P.EMBottom, 'EMBottom'],
]);

export function placeEntries(activated: readonly Candidate[], authorsNote: AuthorsNote | null): Placement {
  const slots = emptySlots();
  const text: Record<Exclude<StackedSlot, 'EMTop' | 'EMBottom'>, string[]> = {
    before: [],
    after: [],
    ANTop: [],
    ANBottom: [],
  };
  const examples: ExamplePrompt[] = [];
  const depth: DepthPrompt[] = [];
  // Maps while building: outlet names are user text ("__proto__" included).
  const outletKeys = new Map<string, string[]>();
  const outlets = new Map<string, string[]>();

  const visiting = [...activated].sort((a, b) => Number(b.entry.raw.order) - Number(a.entry.raw.order));
  for (const c of visiting) {
    const { key, raw } = c.entry;
    const content = c.content;
    if (content === '') {
      slots.dropped.push({ key, reason: 'empty content' });
      continue;
    }
    const stack = STACKED.get(raw.position);
    if (stack) {
      slots[stack].unshift(key);
      if (stack === 'EMTop' || stack === 'EMBottom') examples.unshift({ position: stack === 'EMTop' ? 0 : 1, content });
      else text[stack].unshift(content);
      continue;
    }
    switch (raw.position) {
      case P.atDepth: {
        const wantDepth = raw.depth ?? 4;
        const role = raw.role ?? 0;
        const at = slots.atDepth.findIndex((g) => g.depth === wantDepth && g.role === role);
        if (at >= 0) {
          slots.atDepth[at]?.keys.unshift(key);
          depth[at]?.entries.unshift(content);
        } else {
          // A new group records the raw depth: without the field it is null and never matches again (docs/world-info.md#depth-group-quirk).
          const recorded = raw.depth ?? null;
          slots.atDepth.push({ depth: recorded, role, keys: [key] });
          depth.push({ depth: recorded, entries: [content], role });
        }
        break;
      }
      case P.outlet: {
        if (!raw.outletName) {
          slots.dropped.push({ key, reason: 'outlet without outletName' });
          break;
        }
        const name = String(raw.outletName);
        append(outletKeys, name, key);
        append(outlets, name, content);
        break;
      }
      default:
        slots.dropped.push({ key, reason: `unknown position ${String(raw.position)}` });
    }
  }

  slots.outlet = Object.fromEntries(outletKeys);
  return {
    slots,
    prompt: {
      worldInfoBefore: text.before.join('\n'),
      worldInfoAfter: text.after.join('\n'),
      depth,
      examples,
      anTop: text.ANTop,
      anBottom: text.ANBottom,
      outlets: Object.fromEntries(outlets),
      authorsNote: authorsNote ? wrapAuthorsNote(text.ANTop, authorsNote.value, text.ANBottom) : null,
    },
  };
}

function append(map: Map<string, string[]>, name: string, value: string): void {
  const list = map.get(name);
  if (list) list.push(value);
  else map.set(name, [value]);
}

function wrapAuthorsNote(top: string[], note: string, bottom: string[]): string {
  return `${top.join('\n')}\n${note}\n${bottom.join('\n')}`.replace(/^\n/, '').replace(/\n$/, '');
}
