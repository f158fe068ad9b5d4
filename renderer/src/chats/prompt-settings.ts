/**
 * The chat page's prompt settings: what the "Prompt settings" panel edits, kept per browser in localStorage (the
 * transcript format has no place for settings), and turned into the `chats.prompt` / `chats.send` input.
 */
import type { ChatPromptSettings, ProfileKind, TurnApiInput } from '../../../shared/api/methods/chats.ts';
import type { AuthorsNoteSettings, Role } from '../../../shared/prompt/types.ts';
import { isObject } from '../../../shared/util/is-object.ts';

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
  /** '' = the plain story string, a template name, or CUSTOM_TEMPLATE. */
  template: string;
  jinja: string;
  /** null = the default (SillyTavern's, or the connection's for the parameters). */
  maxContext: number | null;
  maxTokens: number | null;
  temperature: number | null;
}

export const defaultPanelSettings: PanelSettings = {
  // SillyTavern's fresh-install note settings (shared/prompt/defaults.ts).
  authorsNote: { text: '', position: 'in-chat', depth: 4, interval: 1, role: 'system' },
  mainPrompt: '',
  mode: 'auto',
  template: '',
  jinja: '',
  maxContext: null,
  maxTokens: null,
  temperature: null,
};

const KEY = 'lorewright.chatPromptSettings';


/** Field by field over the defaults: a value of the wrong type (an older or hand-edited entry) falls back. */
function over<T extends object>(base: T, value: unknown): T {
  if (!isObject(value)) return base;
  const out = { ...base } as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(base)) {
    const v = value[key];
    if (isObject(fallback)) out[key] = over(fallback, v);
    else if (fallback === null ? typeof v === 'number' && Number.isFinite(v) : typeof v === typeof fallback) out[key] = v;
  }
  return out as T;
}

export function loadPanelSettings(storage: Pick<Storage, 'getItem'> = localStorage): PanelSettings {
  let s: PanelSettings;
  try {
    s = over(defaultPanelSettings, JSON.parse(storage.getItem(KEY) ?? 'null'));
  } catch {
    return defaultPanelSettings;
  }
  // Enumerations checked too: the API refuses a value outside them, which would block every turn.
  const note = s.authorsNote;
  const d = defaultPanelSettings;
  return {
    ...s,
    mode: ['auto', 'chat', 'text'].includes(s.mode) ? s.mode : d.mode,
    authorsNote: { ...note, position: AN_POSITIONS.includes(note.position) ? note.position : d.authorsNote.position, role: ROLES.includes(note.role) ? note.role : d.authorsNote.role },
  };
}

export function savePanelSettings(settings: PanelSettings, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(KEY, JSON.stringify(settings));
}

export type TurnOptions = Pick<TurnApiInput, 'mode' | 'template' | 'jinja' | 'settings'>;

export function effectiveMode(p: PanelSettings, kind: ProfileKind | undefined): 'chat' | 'text' {
  return p.mode === 'auto' ? (kind === 'openai-text' ? 'text' : 'chat') : p.mode;
}

/** The panel as the API takes it: only what differs from the defaults is sent. */
export function turnOptions(p: PanelSettings, kind: ProfileKind | undefined): TurnOptions {
  const mode = effectiveMode(p, kind);
  const settings: ChatPromptSettings = {
    ...(p.authorsNote.text.trim() ? { authorsNote: p.authorsNote } : {}),
    ...(p.mainPrompt.trim() ? { mainPrompt: p.mainPrompt } : {}),
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
