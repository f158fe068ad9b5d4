/** The script methods: PPE prompt scripts (`.ai.yaml`) in the local library, checked, run, and converted to and from cards. */
import type { JSONSchemaType } from 'ajv';
import type { CardSummary, LibraryItem } from '../../library/types.ts';
import type { LossItem } from '../../card/index.ts';
import type { ChatMessage, Diagnostic, ModelRequest, RunLogEntry } from '../../ppe/index.ts';
import { method } from '../method.ts';
import { revisionedMethods } from '../revisioned-methods.ts';
import {
  idProperty as id,
  idSchema,
  nameProperty as name,
  documentProperty as documentText,
  fileNameProperty,
  pagingSchema,
  documentUpdateSchema,
} from '../schema-parts.ts';
import type { DocumentUpdateInput, IdInput, PagingInput } from '../schema-parts.ts';

/** Its `name` is the id other scripts call it by (`$exec`, `[[@name]]`, `type:`). */
export type ScriptSummary = LibraryItem;

export interface ScriptRecord extends ScriptSummary {
  /** The `.ai.yaml` text exactly as stored. */
  document: string;
}

export interface ScriptCreateInput {
  name: string;
  /** The script text; a small starter script when omitted. */
  document?: string;
  /** The file it came from, when imported. */
  sourceName?: string;
}
export interface ScriptCheckInput {
  document: string;
}

/** Where a run's model lives; the API key, if any, is read from the named environment variable of the host. */
export interface ScriptConnection {
  baseURL: string;
  model: string;
  /**
   * A provider's own key variable (OPENAI_API_KEY, OPENROUTER_API_KEY), sent only to that provider: the renderer is
   * untrusted and must not send host variables to a server it picks.
   */
  apiKeyEnv?: string;
}
export interface ScriptRunInput {
  /** The text to run (the editor's, saved or not). */
  document: string;
  /** The library name of the script, so it cannot call itself. */
  name?: string;
  /** Named inputs (an object) or the first positional input. */
  input?: unknown;
  connection?: ScriptConnection;
  /** A saved connection profile (`chats.profiles`) for the model calls, with its own key; it takes connection's place. */
  profileId?: string;
  stepLimit?: number;
}
export type ScriptRunProgress = { kind: 'token'; text: string; request: number } | { kind: 'log'; entry: RunLogEntry };

export interface ScriptRunFailure {
  /** A run error code of the script (RunErrorCode), or the code of a failed model call (ModelErrorCode). */
  code: string;
  message: string;
  line?: number;
  column?: number;
  /** The called script it happened in; absent for the script being run. */
  script?: string;
}
export type ScriptRunResult =
  | { status: 'done'; output: unknown; messages: ChatMessage[]; requests: ModelRequest[]; log: RunLogEntry[] }
  | { status: 'failed'; error: ScriptRunFailure; log: RunLogEntry[] };

export interface ScriptFromCardInput {
  cardId: number;
}
export interface ScriptFromCardResult {
  script: ScriptRecord;
  losses: LossItem[];
}
export interface ScriptToCardResult {
  card: CardSummary;
  losses: LossItem[];
}

const createSchema: JSONSchemaType<ScriptCreateInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name,
    document: { ...documentText, nullable: true },
    sourceName: { ...fileNameProperty, nullable: true },
  },
};
const checkSchema: JSONSchemaType<ScriptCheckInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['document'],
  properties: { document: documentText },
};
const runSchema: JSONSchemaType<ScriptRunInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['document'],
  properties: {
    document: documentText,
    name: { ...name, nullable: true },
    // Any JSON value: the script's own `input` declaration decides what it accepts.
    input: {} as JSONSchemaType<ScriptRunInput>['properties']['input'],
    connection: {
      type: 'object',
      nullable: true,
      additionalProperties: false,
      required: ['baseURL', 'model'],
      properties: {
        baseURL: { type: 'string', minLength: 1, maxLength: 2000 },
        model: { type: 'string', minLength: 1, maxLength: 500 },
        apiKeyEnv: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*API_KEY$', maxLength: 200, nullable: true },
      },
    },
    profileId: { type: 'string', minLength: 1, maxLength: 100, nullable: true },
    stepLimit: { type: 'integer', minimum: 1, maximum: 10_000_000, nullable: true },
  },
};
const fromCardSchema: JSONSchemaType<ScriptFromCardInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['cardId'],
  properties: { cardId: id },
};

export const scriptMethods = {
  ...revisionedMethods<ScriptSummary, ScriptRecord, 'scripts'>('scripts'),
  'scripts.list': method<PagingInput, { items: ScriptSummary[]; total: number }>(pagingSchema),
  'scripts.create': method<ScriptCreateInput, ScriptRecord>(createSchema),
  'scripts.update': method<DocumentUpdateInput, ScriptRecord>(documentUpdateSchema),
  /** Diagnostics of a text, with references checked against the library's scripts. */
  'scripts.check': method<ScriptCheckInput, Diagnostic[]>(checkSchema),
  'scripts.run': method<ScriptRunInput, ScriptRunResult, ScriptRunProgress>(runSchema, true),
  /** A library card exported as a new `type: char` script. */
  'scripts.fromCard': method<ScriptFromCardInput, ScriptFromCardResult>(fromCardSchema),
  /** A character script imported as a new library card. */
  'scripts.toCard': method<IdInput, ScriptToCardResult>(idSchema),
} as const;
