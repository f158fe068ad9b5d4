/** The lorebook methods: standalone World Info books in the local SQLite library. */
import type { JSONSchemaType } from 'ajv';
import type { RevisionSummary } from '../../library/types.ts';
import type { BookFormat, LossReport } from '../../lorebook/formats/types.ts';
import { method } from '../method.ts';
import {
  idProperty as id,
  idSchema,
  pagingProperties,
  revisionSchema,
  nameProperty as name,
  documentProperty as documentText,
  fileNameProperty,
  purgeSchema,
  type PurgeInput,
  type PurgeResult,
} from '../schema-parts.ts';

export interface LorebookSummary {
  id: number;
  name: string;
  entryCount: number;
  revision: number;
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
}

export interface LorebookRecord extends LorebookSummary {
  /** SillyTavern World Info JSON, exactly as stored. */
  document: string;
}

export interface LorebookListInput {
  query?: string;
  offset?: number;
  limit?: number;
  trash?: boolean;
}
export interface LorebookIdInput {
  id: number;
}
export interface LorebookCreateInput {
  name: string;
  /** A World Info book; an empty one when omitted. */
  document?: string;
}
export interface LorebookUpdateInput {
  id: number;
  document?: string;
  name?: string;
  /** Optimistic concurrency: refuse the save when the stored revision moved on. */
  baseRevision?: number;
}
export interface LorebookRevisionInput {
  id: number;
  revision: number;
}
export interface LorebookImportInput {
  /** Book files as text (JSON of any supported format). */
  files: { name: string; text: string }[];
}

export interface LorebookImportResult {
  file: string;
  status: 'imported' | 'failed';
  id?: number;
  /** The detected source format. */
  format?: BookFormat;
  /** What the conversion to World Info kept, moved or lost (summary detail). */
  report?: LossReport;
  message?: string;
}

const listSchema: JSONSchemaType<LorebookListInput> = {
  type: 'object',
  additionalProperties: false,
  properties: pagingProperties,
};
const createSchema: JSONSchemaType<LorebookCreateInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name, document: { ...documentText, nullable: true } },
};
const updateSchema: JSONSchemaType<LorebookUpdateInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: {
    id,
    document: { ...documentText, nullable: true },
    name: { ...name, nullable: true },
    baseRevision: { type: 'integer', minimum: 0, nullable: true },
  },
};
const importSchema: JSONSchemaType<LorebookImportInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['files'],
  properties: {
    files: {
      type: 'array',
      minItems: 1,
      maxItems: 1000,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'text'],
        properties: { name: fileNameProperty, text: documentText },
      },
    },
  },
};

export const lorebookMethods = {
  'lorebooks.list': method<LorebookListInput, { items: LorebookSummary[]; total: number }>(listSchema),
  'lorebooks.get': method<LorebookIdInput, LorebookRecord>(idSchema),
  'lorebooks.create': method<LorebookCreateInput, LorebookRecord>(createSchema),
  'lorebooks.update': method<LorebookUpdateInput, LorebookRecord>(updateSchema),
  'lorebooks.delete': method<LorebookIdInput, LorebookSummary>(idSchema),
  'lorebooks.restore': method<LorebookIdInput, LorebookSummary>(idSchema),
  /** Deletes trashed items for good (the whole trash without ids). */
  'lorebooks.purge': method<PurgeInput, PurgeResult>(purgeSchema),
  'lorebooks.revisions': method<LorebookIdInput, RevisionSummary[]>(idSchema),
  'lorebooks.revision': method<LorebookRevisionInput, { revision: number; document: string; createdAt: number }>(
    revisionSchema,
  ),
  'lorebooks.import': method<LorebookImportInput, LorebookImportResult[]>(importSchema),
} as const;
