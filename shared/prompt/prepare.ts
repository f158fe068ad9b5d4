// Shared pre-processing of both modes (docs/prompt-assembly.md#shared-pre-processing): names, card fields, the macro environment, the chat that is
// used, example blocks, and the in-chat slots (Author's Note, character's note, persona, World Info @depth).
import { authorsNoteInserted, authorsNoteText } from './authors-note.ts';
import { exampleBlocks } from './examples.ts';
import { collectInjections, type DepthSlot, type Injection } from './inject.ts';
import { expandMacros, type MacroEnv } from './macros.ts';
import { mulberry32 } from '../util/mulberry32.ts';
import type { PromptChatMessage, PromptInput, PromptSettings, Role } from './types.ts';

export interface CardFields {
  description: string;
  personality: string;
  scenario: string;
  persona: string;
  /** Raw examples after macros (`{{mesExamplesRaw}}`). */
  mesExamples: string;
  /** Card main-prompt override, '' when absent or not preferred. `{{original}}` is still literal here. */
  system: string;
  /** Card Post-History Instructions, gated like `system`. */
  jailbreak: string;
  charDepthPrompt: string;
}

export interface Prepared {
  settings: PromptSettings;
  user: string;
  char: string;
  fields: CardFields;
  /** The chat minus hidden messages. */
  coreChat: PromptChatMessage[];
  /** Example blocks (`<START>`-headed), World Info example entries included. */
  blocks: string[];
  expand(text: string, original?: string): string;
  /** Joined, expanded in-chat injections for this turn. */
  injections: Injection[];
  /** Author's Note text placed before / after the main prompt or story string (already expanded). */
  anchors: { before: string; after: string; role: Role };
}

export interface Budget {
  maxContext: number;
  maxResponse: number;
  maxPrompt: number;
}

const roleOf = (n: number): Role => (n === 1 ? 'user' : n === 2 ? 'assistant' : 'system');

export const isNarrator = (m: PromptChatMessage): boolean => m.extra?.type === 'narrator';

function chatValues(chat: PromptChatMessage[]): Record<string, string> {
  const last = <T>(items: T[]): T | undefined => items[items.length - 1];
  const visible = chat.filter((m) => !m.is_system);
  return {
    lastmessage: last(chat)?.mes ?? '',
    lastusermessage: last(visible.filter((m) => m.is_user))?.mes ?? '',
    lastcharmessage: last(visible.filter((m) => !m.is_user && !isNarrator(m)))?.mes ?? '',
    lastmessageid: chat.length ? String(chat.length - 1) : '',
  };
}

/**
 * @param formatExamples renders the blocks for `{{mesExamples}}` in the caller's mode.
 */
export function prepare(
  input: PromptInput,
  settings: PromptSettings,
  budget: Budget,
  formatExamples: (blocks: string[], user: string, char: string) => string,
): Prepared {
  const { character, persona, lore = null } = input;
  const user = persona.name;
  const char = settings.useNickname && character.nickname ? character.nickname : character.name;
  const values: Record<string, string> = {
    ...chatValues(input.chat),
    maxprompt: String(budget.maxPrompt),
    maxcontext: String(budget.maxContext),
    maxresponse: String(budget.maxResponse),
  };
  const outlets = lore?.outlets ?? {};
  const random = settings.random ?? mulberry32(0);

  // Card fields are expanded without the card-field macros (docs/prompt-assembly.md#card-fields): `values` is filled in only afterwards.
  const base: MacroEnv = { user, char, values: { ...values }, outlets, random };
  const field = (raw: string | undefined): string => expandMacros((raw ?? '').trim(), base).replace(/\r/g, '');
  const fields: CardFields = {
    description: field(character.description),
    personality: field(character.personality),
    scenario: field(character.scenario),
    persona: field(persona.description),
    mesExamples: field(character.mesExample),
    system: settings.preferCharacterPrompt ? field(character.systemPrompt) : '',
    jailbreak: settings.preferCharacterInstructions ? field(character.postHistoryInstructions) : '',
    charDepthPrompt: field(character.depthPrompt?.prompt),
  };
  const blocks = exampleBlocks(fields.mesExamples, lore);
  Object.assign(values, {
    description: fields.description,
    chardescription: fields.description,
    personality: fields.personality,
    charpersonality: fields.personality,
    scenario: fields.scenario,
    charscenario: fields.scenario,
    persona: fields.persona,
    mesexamples: formatExamples(blocks, user, char),
    mesexamplesraw: fields.mesExamples,
    charprompt: fields.system,
    charinstruction: fields.jailbreak,
    chardepthprompt: fields.charDepthPrompt,
    creatornotes: field(character.creatorNotes),
    charversion: field(character.characterVersion),
  });
  const env: MacroEnv = { user, char, values, outlets, random };
  const expand = (text: string, original?: string) => expandMacros(text, env, { original });

  const note = settings.authorsNote;
  const noteText = authorsNoteInserted(note, input.chat) ? authorsNoteText(note.text, lore) : '';
  const slots: DepthSlot[] = [];
  if (note.position === 'in-chat')
    slots.push({ key: '2_floating_prompt', value: noteText, depth: note.depth, role: note.role });
  const depthPrompt = character.depthPrompt;
  if (depthPrompt) {
    slots.push({
      key: 'DEPTH_PROMPT',
      value: fields.charDepthPrompt,
      depth: depthPrompt.depth ?? 4,
      role: depthPrompt.role ?? 'system',
    });
  }
  if (persona.position === 'depth') {
    slots.push({
      key: 'PERSONA_DESCRIPTION',
      value: fields.persona,
      depth: persona.depth ?? 2,
      role: persona.role ?? 'system',
    });
  }
  for (const group of lore?.depth ?? []) {
    // A group without a depth (an entry missing `depth`) matches no depth in SillyTavern: it is never injected.
    if (group.depth === null) continue;
    slots.push({
      key: `customDepthWI_${group.depth}_${group.role}`,
      value: group.entries.join('\n'),
      depth: group.depth,
      role: roleOf(group.role),
    });
  }

  const anchor = (position: typeof note.position) => (note.position === position ? expand(noteText.trim()) : '');
  return {
    settings,
    user,
    char,
    fields,
    coreChat: input.chat.filter((m) => !m.is_system),
    blocks,
    expand,
    injections: collectInjections(slots, (text) => expand(text)),
    anchors: { before: anchor('before-main'), after: anchor('after-main'), role: note.role },
  };
}
