/**
 * A test chat's prompt settings: what the "Prompt settings" panel edits, saved with the chat in its SillyTavern
 * chat metadata (the Author's Note in ST's own `note_*` fields, the rest under `lorewright_prompt`), so they travel
 * with a SillyTavern export, and turned into the `chats.prompt` / `chats.send` input.
 */
import type { ChatPromptSettings, ProfileKind, TurnApiInput } from '../../../shared/api/methods/chats.ts';
import { DEFAULT_AUTHORS_NOTE, transcriptAuthorsNote, withAuthorsNote } from '../../../shared/chat/authors-note.ts';
import type { Transcript } from '../../../shared/chat/types.ts';
import type { AuthorsNoteSettings, Role } from '../../../shared/prompt/types.ts';
import { isObject } from '../../../shared/util/is-object.ts';
import { tokenizerNames, type TokenizerName } from '../../../shared/tokenize/index.ts';

/** The instruct-template choice that means "the pasted Jinja template". */
export const CUSTOM_TEMPLATE = 'custom';
export const AN_POSITIONS: AuthorsNoteSettings['position'][] = ['in-chat', 'before-main', 'after-main'];
export const ROLES: Role[] = ['system', 'user', 'assistant'];

export interface PanelSettings {
  authorsNote: AuthorsNoteSettings;
  /** Empty: SillyTavern's default main prompt. */
  mainPrompt: string;
  /** 'auto' follows the connection: Text Completion profiles get text, the rest chat. */
  mode: 'auto' | 'chat' | 'text';
  /** '' = instruct off, an instruct template's SillyTavern name, or CUSTOM_TEMPLATE. */
  template: string;
  jinja: string;
  /** '' = the bound context (Bind to Context) or the first-run Default; else a context template's name. */
  context: string;
  bindToContext: boolean;
  /** '' = SillyTavern's tokenizer for the mode. */
  tokenizer: TokenizerName | '';
  /** null = the default (SillyTavern's, or the connection's for the parameters). */
  maxContext: number | null;
  maxTokens: number | null;
  temperature: number | null;
}

export const defaultPanelSettings: PanelSettings = {
  authorsNote: DEFAULT_AUTHORS_NOTE,
  mainPrompt: '',
  mode: 'auto',
  template: '',
  jinja: '',
  context: '',
  bindToContext: false,
  tokenizer: '',
  maxContext: null,
  maxTokens: null,
  temperature: null,
};

/** Where the panel's other choices live in the chat metadata. */
const KEY = 'lorewright_prompt';

/** Field by field over the defaults: a value of the wrong type (an older or hand-edited entry) falls back. */
function over<T extends object>(base: T, value: unknown): T {
  if (!isObject(value)) return base;
  const out = { ...base } as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(base)) {
    const v = value[key];
    if (isObject(fallback)) out[key] = over(fallback, v);
    else if (fallback === null ? typeof v === 'number' && Number.isFinite(v) : typeof v === typeof fallback)
      out[key] = v;
  }
  return out as T;
}

/** The chat's panel settings; anything missing or malformed (an older or hand-edited file) takes the default. */
export function panelFromTranscript(t: Pick<Transcript, 'foreign'>): PanelSettings {
  const meta = t.foreign?.st?.chat_metadata;
  const s = over(defaultPanelSettings, isObject(meta) ? meta[KEY] : undefined);
  // Enumerations checked too: the API refuses a value outside them, which would block every turn.
  const d = defaultPanelSettings;
  return {
    ...s,
    mode: ['auto', 'chat', 'text'].includes(s.mode) ? s.mode : d.mode,
    tokenizer: (tokenizerNames as readonly string[]).includes(s.tokenizer) ? s.tokenizer : d.tokenizer,
    authorsNote: transcriptAuthorsNote(t),
  };
}

/** The transcript with the panel's settings saved into its chat metadata (only what differs from the defaults). */
export function withPanelSettings(t: Transcript, p: PanelSettings): Transcript {
  const { authorsNote, ...rest } = p;
  const changed = Object.fromEntries(
    Object.entries(rest).filter(([k, v]) => v !== defaultPanelSettings[k as keyof PanelSettings]),
  );
  const noted = withAuthorsNote(t, authorsNote);
  const st = noted.foreign!.st!;
  return {
    ...noted,
    foreign: {
      ...noted.foreign,
      st: { ...st, chat_metadata: { ...(st.chat_metadata as Record<string, unknown>), [KEY]: changed } },
    },
  };
}

export type TurnOptions = Pick<TurnApiInput, 'mode' | 'template' | 'jinja' | 'settings'>;

export function effectiveMode(p: PanelSettings, kind: ProfileKind | undefined): 'chat' | 'text' {
  return p.mode === 'auto' ? (kind === 'openai-text' ? 'text' : 'chat') : p.mode;
}

/** The panel as the API takes it: only what differs from the defaults is sent. */
export function turnOptions(p: PanelSettings, kind: ProfileKind | undefined): TurnOptions {
  const mode = effectiveMode(p, kind);
  // The Author's Note travels in the transcript itself.
  const settings: ChatPromptSettings = {
    ...(p.mainPrompt.trim() ? { mainPrompt: p.mainPrompt } : {}),
    ...(mode === 'text' && p.context ? { context: p.context } : {}),
    ...(mode === 'text' && p.bindToContext ? { bindToContext: true } : {}),
    ...(p.tokenizer ? { tokenizer: p.tokenizer } : {}),
    ...(p.maxContext === null ? {} : { maxContext: p.maxContext }),
    ...(p.maxTokens === null ? {} : { maxTokens: p.maxTokens }),
    ...(p.temperature === null ? {} : { temperature: p.temperature }),
  };
  const custom = mode === 'text' && p.template === CUSTOM_TEMPLATE;
  return {
    mode,
    ...(custom && p.jinja.trim() ? { jinja: p.jinja } : {}),
    ...(mode === 'text' && p.template && !custom ? { template: p.template } : {}),
    ...(Object.keys(settings).length ? { settings } : {}),
  };
}
