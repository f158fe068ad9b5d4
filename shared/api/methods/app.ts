/** Facts about the running app and its evaluation limits, for the Settings page. */
import type { JSONSchemaType } from 'ajv';
import { method } from '../method.ts';
import { LIMIT_NAMES, LIMIT_RANGES, type EvalLimits } from '../../sandbox/limits.ts';

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

/** Any subset of the limits, each within its range (a setting can never switch a protection off). */
const setLimitsSchema = {
  type: 'object',
  additionalProperties: false,
  required: [],
  properties: Object.fromEntries(
    LIMIT_NAMES.map((name) => {
      const [minimum, maximum] = LIMIT_RANGES[name];
      return [name, { type: 'integer', minimum, maximum, nullable: true }];
    }),
  ),
} as unknown as JSONSchemaType<Partial<EvalLimits>>;

export const appMethods = {
  'app.info': method<Record<string, never>, AppInfo>(emptySchema),
  /** The limits later evaluations run under. */
  'app.limits': method<Record<string, never>, EvalLimits>(emptySchema),
  /** Changes some limits, saved beside the library; returns all of them. */
  'app.setLimits': method<Partial<EvalLimits>, EvalLimits>(setLimitsSchema),
} as const;
