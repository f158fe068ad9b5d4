// SillyTavern 1.18's context and instruct templates (docs/prompt-assembly.md#story-string, #instruct-formatting) as data: the bundled presets and the
// first-run settings are read from presets/sillytavern-1.18.0.json, and a user's own template files go through the
// same converters. No template is written out here.
import presets from './presets/sillytavern-1.18.0.json' with { type: 'json' };
import type { Role } from './types.ts';
import { isObject } from '../util/is-object.ts';

export interface ContextTemplate {
  name: string;
  /** Handlebars-style story string; see story-string.ts for the supported subset. */
  storyString: string;
  exampleSeparator: string;
  chatStart: string;
  /** Adds `\n<chat start>` and `\n<example separator>` to the stop strings. */
  useStopStrings: boolean;
  namesAsStopStrings: boolean;
  /** 0 = top of the prompt; 1 = injected in-chat at `storyStringDepth` as `storyStringRole`. */
  storyStringPosition: number;
  storyStringDepth: number;
  storyStringRole: Role;
  /** "Always add character's name to prompt" (a global setting every context preset sets). */
  alwaysForceName2: boolean;
  /** "Single line mode": `\n` becomes the first stop string. */
  singleLine: boolean;
}

export type InstructNames = 'none' | 'force' | 'always';

export interface InstructTemplate {
  name: string;
  inputSequence: string;
  inputSuffix: string;
  outputSequence: string;
  outputSuffix: string;
  systemSequence: string;
  systemSuffix: string;
  systemSameAsUser: boolean;
  storyStringPrefix: string;
  storyStringSuffix: string;
  firstInputSequence: string;
  firstOutputSequence: string;
  lastInputSequence: string;
  lastOutputSequence: string;
  lastSystemSequence: string;
  stopSequence: string;
  userAlignmentMessage: string;
  wrap: boolean;
  /** Expand macros (and `{{name}}` = the speaker) in sequences. */
  macro: boolean;
  sequencesAsStopStrings: boolean;
  skipExamples: boolean;
  /** 'force' = names only for groups, `/sendas` and user example turns; 'always' = every turn. */
  namesBehavior: InstructNames;
}

export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

type Raw = Record<string, unknown>;

/** Reads one field: absent → SillyTavern's default; present with the wrong type → a TemplateError naming it. */
function field<T extends string | number | boolean>(raw: Raw, key: string, fallback: T, where: string): T {
  const value = raw[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== typeof fallback)
    throw new TemplateError(`${where}: "${key}" must be a ${typeof fallback}, got ${JSON.stringify(value)}`);
  return value as T;
}

const ROLES: Role[] = ['system', 'user', 'assistant'];
const NAMES: InstructNames[] = ['none', 'force', 'always'];

/** A SillyTavern context template (a preset file, or `power_user.context` of settings.json). */
export function contextFromSillyTavern(raw: unknown, where = 'context template'): ContextTemplate {
  if (!isObject(raw)) throw new TemplateError(`${where}: expected a JSON object`);
  const s = (key: string, fallback: string) => field(raw, key, fallback, where);
  const b = (key: string, fallback: boolean) => field(raw, key, fallback, where);
  const n = (key: string, fallback: number) => field(raw, key, fallback, where);
  const role = n('story_string_role', 0);
  return {
    name: s('name', s('preset', '')),
    storyString: s('story_string', ''),
    exampleSeparator: s('example_separator', ''),
    chatStart: s('chat_start', ''),
    useStopStrings: b('use_stop_strings', false),
    namesAsStopStrings: b('names_as_stop_strings', true),
    storyStringPosition: n('story_string_position', 0),
    storyStringDepth: n('story_string_depth', 1),
    storyStringRole: ROLES[role] ?? 'system',
    alwaysForceName2: b('always_force_name2', true),
    singleLine: b('single_line', false),
  };
}

/** A SillyTavern instruct template (a preset file, or `power_user.instruct` of settings.json). */
export function instructFromSillyTavern(raw: unknown, where = 'instruct template'): InstructTemplate {
  if (!isObject(raw)) throw new TemplateError(`${where}: expected a JSON object`);
  const s = (key: string) => field(raw, key, '', where);
  const b = (key: string, fallback: boolean) => field(raw, key, fallback, where);
  const names = s('names_behavior') || 'force';
  if (!NAMES.includes(names as InstructNames))
    throw new TemplateError(`${where}: "names_behavior" must be none, force or always, got "${names}"`);
  return {
    name: s('name') || s('preset'),
    inputSequence: s('input_sequence'),
    inputSuffix: s('input_suffix'),
    outputSequence: s('output_sequence'),
    outputSuffix: s('output_suffix'),
    systemSequence: s('system_sequence'),
    systemSuffix: s('system_suffix'),
    systemSameAsUser: b('system_same_as_user', false),
    storyStringPrefix: s('story_string_prefix'),
    storyStringSuffix: s('story_string_suffix'),
    firstInputSequence: s('first_input_sequence'),
    firstOutputSequence: s('first_output_sequence'),
    lastInputSequence: s('last_input_sequence'),
    lastOutputSequence: s('last_output_sequence'),
    lastSystemSequence: s('last_system_sequence'),
    stopSequence: s('stop_sequence'),
    userAlignmentMessage: s('user_alignment_message'),
    wrap: b('wrap', true),
    macro: b('macro', true),
    sequencesAsStopStrings: b('sequences_as_stop_strings', true),
    skipExamples: b('skip_examples', false),
    namesBehavior: names as InstructNames,
  };
}

/** Anchors SillyTavern adds around a story string saved without `story_string_position` (the first-run one). */
export const withAnchors = (storyString: string): string =>
  `{{#if anchorBefore}}{{anchorBefore}}\n{{/if}}${storyString}{{#if anchorAfter}}{{anchorAfter}}\n{{/if}}`;

/** What a fresh install uses as "Default" before any preset is picked (labelled lines, `***`, stop strings). */
export const firstRunContext: ContextTemplate = {
  ...contextFromSillyTavern(presets.first_run.context, 'first-run context'),
  name: 'Default',
  storyString: withAnchors(presets.first_run.context.story_string),
};

const bundledInstruct = Object.values(presets.instruct).map((raw) => instructFromSillyTavern(raw));
const bundledContext = Object.values(presets.context).map((raw) => contextFromSillyTavern(raw));

export const instructTemplateNames: string[] = bundledInstruct.map((t) => t.name);
export const contextTemplateNames: string[] = bundledContext.map((t) => t.name);

// Names the app and CLI accepted before the bundled set was loaded whole.
const legacyNames: Record<string, string> = {
  llama3: 'Llama 3 Instruct',
  mistralv7: 'Mistral V7',
  mistralv2v3: 'Mistral V2 & V3',
};

const byName = <T extends { name: string }>(list: T[], name: string): T | undefined => {
  const wanted = (legacyNames[name.toLowerCase()] ?? name).toLowerCase();
  return list.find((t) => t.name.toLowerCase() === wanted);
};

/** A bundled instruct template by SillyTavern's name, case-insensitive; undefined when there is none. */
export const findInstructTemplate = (name: string): InstructTemplate | undefined => byName(bundledInstruct, name);

/**
 * A bundled context template by name, case-insensitive. "Default" is the first-run Default a fresh install shows
 * under that name; the bundled preset file of that name is "Default (preset)".
 */
export function findContextTemplate(name: string): ContextTemplate | undefined {
  const key = name.toLowerCase();
  if (key === 'default') return firstRunContext;
  if (key === 'default (preset)') return byName(bundledContext, 'Default');
  return byName(bundledContext, name);
}

/**
 * The context in effect after choosing an instruct template: with Bind to Context on, the context preset of the same
 * name when there is one; otherwise (SillyTavern's default) the context stays as it was — the first-run Default.
 */
export function boundContext(instruct: InstructTemplate | null, bindToContext: boolean): ContextTemplate {
  return (bindToContext && instruct && byName(bundledContext, instruct.name)) || firstRunContext;
}
