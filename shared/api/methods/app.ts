/** Facts about the running app, for the Settings page. */
import type { JSONSchemaType } from 'ajv';
import { method } from '../method.ts';

export interface AppInfo {
  version: string;
  libraryFile: string;
  schemaVersion: number;
  counts: { cards: number; lorebooks: number; scripts: number; chats: number; revisions: number };
  transport: 'electron' | 'web';
}

const emptySchema: JSONSchemaType<Record<string, never>> = {
  type: 'object',
  additionalProperties: false,
  required: [],
};

export const appMethods = {
  'app.info': method<Record<string, never>, AppInfo>(emptySchema),
} as const;
