/**
 * The preview's inputs and the engine scenario built from them (docs/world-info-scenarios.md#scenario). The book under edit plus
 * the sources the author chose (a card, more books; sources.ts); everything else is spelled out so the result is
 * what SillyTavern 1.18 would produce for the same settings.
 */
import type { Scenario, ScanSettings, WorldInfoBook } from '../../../../shared/lorebook/model.ts';
import { DEFAULT_SCAN_SETTINGS } from '../../../../shared/lorebook/defaults.ts';
import { assignBooks, BLANK_CHARACTER, NO_SOURCES, type PreviewSources } from './sources.ts';

export interface PreviewMessage {
  role: 'user' | 'char';
  text: string;
}

export interface PreviewSetup {
  userName: string;
  charName: string;
  description: string;
  persona: string;
  settings: ScanSettings;
  maxContext: number;
  trigger: string;
  seed: number;
  /** An Author's Note is inserted (positions 2 and 3 reach the prompt only then). */
  authorsNote: boolean;
  /** Scan once per message, carrying timed effects, instead of once over the whole chat. */
  turns: boolean;
}

/** A fresh preview: SillyTavern 1.18's new-install World Info settings and a blank chat setup. */
export const DEFAULT_SETUP: PreviewSetup = {
  userName: 'User',
  charName: 'Character',
  description: '',
  persona: '',
  settings: { ...DEFAULT_SCAN_SETTINGS },
  maxContext: 8192,
  trigger: 'normal',
  seed: 1,
  authorsNote: false,
  turns: false,
};

export function buildScenario(
  bookName: string,
  book: WorldInfoBook,
  setup: PreviewSetup,
  chat: readonly PreviewMessage[],
  sources: PreviewSources = NO_SOURCES,
): Scenario {
  const { unused: _unused, ...roles } = assignBooks(bookName, book, sources);
  return {
    settings: setup.settings,
    maxContext: setup.maxContext,
    tokenizer: 'guesstimate',
    seed: setup.seed,
    random: null,
    ...roles,
    // Name and description stay in the setup, where the author can edit them after picking a card.
    character: { ...(sources.character ?? BLANK_CHARACTER), name: setup.charName, description: setup.description },
    user: { name: setup.userName, persona: setup.persona },
    chat: chat.map((m) => ({ name: m.role === 'user' ? setup.userName : setup.charName, mes: m.text })),
    trigger: setup.trigger,
    extensionPrompts: {},
    authorsNote: setup.authorsNote ? { value: '', scan: false, position: 1, depth: 4, role: 0 } : null,
    dryRun: false,
    carryTimedEffects: false,
    timedWorldInfo: null,
  };
}

/** One scenario per message: turn k sees the chat up to message k and the timed effects left by turn k-1. */
export function buildTurns(
  bookName: string,
  book: WorldInfoBook,
  setup: PreviewSetup,
  chat: readonly PreviewMessage[],
  sources: PreviewSources = NO_SOURCES,
): Scenario[] {
  const turns: Scenario[] = [];
  for (let k = 1; k <= Math.max(1, chat.length); k++) {
    turns.push({ ...buildScenario(bookName, book, setup, chat.slice(0, k), sources), carryTimedEffects: k > 1 });
  }
  return turns;
}

/** "Name: text" lines (a line without a known name continues the previous message). */
export function parseTranscript(text: string, setup: Pick<PreviewSetup, 'userName' | 'charName'>): PreviewMessage[] {
  const out: PreviewMessage[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = /^([^:\n]{1,60}):\s?(.*)$/.exec(line);
    const name = m?.[1]?.trim();
    if (m && (name === setup.userName || name === setup.charName || name?.toLowerCase() === 'user')) {
      out.push({ role: name === setup.charName ? 'char' : 'user', text: m[2] ?? '' });
    } else if (out.length > 0) out[out.length - 1]!.text += `\n${line}`;
    else if (line.trim() !== '') out.push({ role: 'user', text: line });
  }
  return out.map((m) => ({ ...m, text: m.text.trimEnd() }));
}
