/** The test-chat methods: connection profiles, saved transcripts, the exact prompt, and streamed generation. */
import type { JSONSchemaType } from 'ajv';
import type { ChatFormat } from '../../chat/formats/index.ts';
import type { ChatLossItem, FiredLore, GenerationStats, Transcript } from '../../chat/types.ts';
import { transcriptSchema } from '../../chat/validate.ts';
import type { TurnType } from '../../chat/turn.ts';
import type { TimedWorldInfo } from '../../lorebook/model.ts';
import type { AuthorsNoteSettings, PromptPart } from '../../prompt/types.ts';
import type { LoreReport } from '../../prompt/lore-report.ts';
import { tokenizerNames, type TokenizerName } from '../../tokenize/index.ts';
import { method } from '../method.ts';
import { nameProperty } from '../schema-parts.ts';
import type { ConnectionKind, PresetId, SamplerParameters } from '../../chat/connection.ts';

export type ProfileKind = ConnectionKind;
export type ProfilePreset = PresetId | 'custom';
export type ProfileParameters = SamplerParameters;

/** A connection profile as stored: the key itself never is, only where to read it from. */
export interface ProfileFields {
  name: string;
  preset: ProfilePreset;
  kind: ProfileKind;
  baseURL: string;
  model: string;
  /**
   * A provider's own key variable (OPENAI_API_KEY, OPENROUTER_API_KEY), only ever sent to that provider. Any other
   * key is typed in (`apiKey`) and kept in the app's key store; no key file or other variable can be named here.
   */
  apiKeyEnv?: string;
  parameters?: ProfileParameters;
  timeoutMs?: number;
}
export interface ProfileRecord extends ProfileFields {
  id: string;
  /**
   * Where the key comes from right now; 'missing' when the variable or file has none, or when the key was saved
   * for another server (a key is only sent to the origin it was saved with; changing the URL's origin forgets it).
   */
  key: 'env' | 'file' | 'missing' | 'none';
}
export interface PresetInfo {
  id: ProfilePreset;
  label: string;
  kind: ProfileKind;
  baseURL: string;
  needsApiKey: boolean;
}
export interface SaveProfileInput extends ProfileFields {
  id?: string;
  /** A key typed by the user: written to a 0600 key file beside the library (never into the library). */
  apiKey?: string;
  /** Forget the profile's key. Without apiKey, apiKeyEnv or clearKey the key is kept while the URL's origin is. */
  clearKey?: boolean;
}
export interface ProfileIdInput {
  id: string;
}

export interface ChatSummary {
  id: number;
  name: string;
  cardId: number | null;
  messages: number;
  revision: number;
  createdAt: number;
  updatedAt: number;
}
export interface ChatRecord extends ChatSummary {
  transcript: Transcript;
}
export interface ChatListInput {
  cardId?: number;
}
export interface ChatIdInput {
  id: number;
}
export interface SaveChatInput {
  id?: number;
  cardId?: number;
  name?: string;
  transcript: Transcript;
  /** Optimistic concurrency: refuse the save when the stored revision moved on. */
  baseRevision?: number;
}

/** Chat files are converted on the main side: the renderer's CSP forbids the code generation schema checks use. */
export interface ImportChatInput {
  cardId: number;
  text: string;
  /** Detected from the text when omitted. */
  format?: ChatFormat;
}
export interface ExportChatInput {
  transcript: Transcript;
  format: ChatFormat;
}

/** The chat's prompt settings (the "Prompt settings" panel); anything left out keeps SillyTavern's default. */
export interface ChatPromptSettings {
  authorsNote?: AuthorsNoteSettings;
  /** Replaces the main prompt (chat) and the system prompt (text); the card's own system_prompt still wins. */
  mainPrompt?: string;
  /** Text mode's context template by SillyTavern's name; default: the bound one or the first-run Default. */
  context?: string;
  /** With no context named: use the context template named like the instruct template (SillyTavern's default: off). */
  bindToContext?: boolean;
  /** What the context is counted with; default: SillyTavern's (LLaMA 1/2 for text, cl100k or the model's for chat). */
  tokenizer?: TokenizerName;
  /** Context size in tokens, for either mode. */
  maxContext?: number;
  /** Win over the connection's default parameters. */
  maxTokens?: number;
  temperature?: number;
}

export interface TurnApiInput {
  cardId: number;
  /** Needed to send; the prompt preview without one uses the profile-free defaults (chat mode, no model). */
  profileId?: string;
  transcript: Transcript;
  persona: { name: string; description?: string };
  /**
   * Library lorebooks scanned as global books. The card's own book and the books linked to the card (primary as
   * its character book, extras as its extra books) are always used.
   */
  bookIds?: number[];
  type?: TurnType;
  /** Default: the profile's kind (chat for OpenAI-compatible chat, text for text completion). */
  mode?: 'chat' | 'text';
  /** Instruct template for text mode by SillyTavern's name (ChatML, Llama 3 Instruct, …); none = instruct off. */
  template?: string;
  /** A model's own Jinja chat template for text mode; replaces `template`. */
  jinja?: string;
  settings?: ChatPromptSettings;
}
export interface PromptOutput {
  request: Record<string, unknown>;
  lore: FiredLore[];
  parts: PromptPart[];
  tokens: { total: number; budget: number };
  /** Why each lore entry is in or out, and the world-info budget. */
  loreReport: LoreReport;
  /** Which message a swipe/regenerate replaces or "continue" extends. */
  replaces: number | null;
}
export interface SendOutput {
  text: string;
  stats: GenerationStats;
  request: Record<string, unknown>;
  lore: FiredLore[];
  timedEffects: TimedWorldInfo;
  replaces: number | null;
}
export interface SendProgress {
  token: string;
}

const profileId = { type: 'string', minLength: 1, maxLength: 100 } as const;
const presets: ProfilePreset[] = [
  'openai',
  'openrouter',
  'llamacpp',
  'ollama',
  'koboldcpp',
  'lmstudio',
  'vllm',
  'custom',
];
const finite = { type: 'number', nullable: true } as const;

const parametersSchema: JSONSchemaType<ProfileParameters> = {
  type: 'object',
  additionalProperties: false,
  properties: {
    max_tokens: { type: 'integer', minimum: 1, maximum: 1_000_000, nullable: true },
    temperature: finite,
    top_p: finite,
    frequency_penalty: finite,
    presence_penalty: finite,
    seed: { type: 'integer', nullable: true },
    stop: { type: 'array', items: { type: 'string' }, maxItems: 20, nullable: true },
  },
};

const saveProfileSchema: JSONSchemaType<SaveProfileInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'preset', 'kind', 'baseURL', 'model'],
  properties: {
    id: { ...profileId, nullable: true },
    name: nameProperty,
    preset: { type: 'string', enum: presets },
    kind: { type: 'string', enum: ['openai-chat', 'openai-text'] },
    baseURL: { type: 'string', minLength: 1, maxLength: 2000, pattern: '^https?://' },
    model: { type: 'string', maxLength: 500 },
    apiKeyEnv: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 200, nullable: true },
    apiKey: { type: 'string', minLength: 1, maxLength: 10_000, nullable: true },
    clearKey: { type: 'boolean', nullable: true },
    parameters: { ...parametersSchema, nullable: true },
    timeoutMs: { type: 'integer', minimum: 1000, maximum: 3_600_000, nullable: true },
  },
};
const profileIdSchema: JSONSchemaType<ProfileIdInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: profileId },
};
const chatIdSchema: JSONSchemaType<ChatIdInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
};
const chatListSchema: JSONSchemaType<ChatListInput> = {
  type: 'object',
  additionalProperties: false,
  properties: { cardId: { type: 'integer', minimum: 1, nullable: true } },
};
// The transcript's own schema (shared/chat/validate.ts) is complete and strict; ajv's types cannot follow its
// record-shaped parts, hence the cast.
const transcript = transcriptSchema as unknown as JSONSchemaType<Transcript>;
const saveChatSchema: JSONSchemaType<SaveChatInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['transcript'],
  properties: {
    id: { type: 'integer', minimum: 1, nullable: true },
    cardId: { type: 'integer', minimum: 1, nullable: true },
    name: { ...nameProperty, nullable: true },
    transcript,
    baseRevision: { type: 'integer', minimum: 1, nullable: true },
  },
};
const chatFormat = { type: 'string', enum: ['lorewright', 'glm-json', 'glm-yaml', 'sillytavern'] } as const;
const importChatSchema: JSONSchemaType<ImportChatInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['cardId', 'text'],
  properties: {
    cardId: { type: 'integer', minimum: 1 },
    text: { type: 'string', maxLength: 200_000_000 },
    format: { ...chatFormat, nullable: true },
  },
};
const exportChatSchema: JSONSchemaType<ExportChatInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['transcript', 'format'],
  properties: { transcript, format: chatFormat },
};
const role = { type: 'string', enum: ['system', 'user', 'assistant'] } as const;
const promptSettingsSchema: JSONSchemaType<ChatPromptSettings> = {
  type: 'object',
  additionalProperties: false,
  properties: {
    authorsNote: {
      type: 'object',
      additionalProperties: false,
      required: ['text', 'position', 'depth', 'interval', 'role'],
      nullable: true,
      properties: {
        text: { type: 'string', maxLength: 1_000_000 },
        position: { type: 'string', enum: ['in-chat', 'before-main', 'after-main'] },
        depth: { type: 'integer', minimum: 0, maximum: 10_000 },
        interval: { type: 'integer', minimum: 0, maximum: 10_000 },
        role,
      },
    },
    mainPrompt: { type: 'string', maxLength: 1_000_000, nullable: true },
    context: { type: 'string', maxLength: 100, nullable: true },
    bindToContext: { type: 'boolean', nullable: true },
    tokenizer: { type: 'string', enum: [...tokenizerNames], nullable: true },
    maxContext: { type: 'integer', minimum: 256, maximum: 10_000_000, nullable: true },
    maxTokens: { type: 'integer', minimum: 1, maximum: 1_000_000, nullable: true },
    temperature: { type: 'number', minimum: 0, maximum: 10, nullable: true },
  },
};
const turnSchema: JSONSchemaType<TurnApiInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['cardId', 'transcript', 'persona'],
  properties: {
    cardId: { type: 'integer', minimum: 1 },
    profileId: { ...profileId, nullable: true },
    transcript,
    persona: {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: {
        name: { type: 'string', maxLength: 500 },
        description: { type: 'string', maxLength: 1_000_000, nullable: true },
      },
    },
    bookIds: {
      type: 'array',
      items: { type: 'integer', minimum: 1 },
      maxItems: 100,
      uniqueItems: true,
      nullable: true,
    },
    type: { type: 'string', enum: ['normal', 'continue', 'impersonate', 'swipe', 'regenerate'], nullable: true },
    mode: { type: 'string', enum: ['chat', 'text'], nullable: true },
    template: { type: 'string', maxLength: 100, nullable: true },
    jinja: { type: 'string', minLength: 1, maxLength: 1_000_000, nullable: true },
    settings: { ...promptSettingsSchema, nullable: true },
  },
};
const emptySchema: JSONSchemaType<Record<string, never>> = {
  type: 'object',
  additionalProperties: false,
  properties: {},
  required: [],
};

export const chatsMethods = {
  'chats.profiles': method<Record<string, never>, { profiles: ProfileRecord[]; presets: PresetInfo[] }>(emptySchema),
  'chats.saveProfile': method<SaveProfileInput, ProfileRecord>(saveProfileSchema),
  'chats.deleteProfile': method<ProfileIdInput, null>(profileIdSchema),
  /** "Test connection": the models the server lists. */
  'chats.testProfile': method<ProfileIdInput, { models: string[] }>(profileIdSchema),
  'chats.list': method<ChatListInput, ChatSummary[]>(chatListSchema),
  'chats.get': method<ChatIdInput, ChatRecord>(chatIdSchema),
  'chats.save': method<SaveChatInput, ChatRecord>(saveChatSchema),
  'chats.delete': method<ChatIdInput, null>(chatIdSchema),
  /** A chat file (Lorewright, GLM JSON/YAML, SillyTavern JSONL) saved as a new chat of the card, with what it lost. */
  'chats.import': method<ImportChatInput, { chat: ChatRecord; lost: ChatLossItem[] }>(importChatSchema),
  'chats.export': method<ExportChatInput, { text: string; lost: ChatLossItem[] }>(exportChatSchema),
  /** The exact request that would be sent, and the lore that fired. */
  'chats.prompt': method<TurnApiInput, PromptOutput>(turnSchema),
  /** Streams the reply's tokens; cancel with the signal. */
  'chats.send': method<TurnApiInput, SendOutput, SendProgress>(turnSchema, true),
} as const;
