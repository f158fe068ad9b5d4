/** The card methods: characters in the local SQLite library (lorebooks and scripts have their own). */
import type { JSONSchemaType } from 'ajv';
import type {
  CardRecord,
  CardSummary,
  DocumentFormat,
  ImportFileResult,
  ImportMatchPolicy,
  ImportProgress,
  TagCount,
} from '../../library/types.ts';
import { method } from '../method.ts';
import { revisionedMethods } from '../revisioned-methods.ts';
import type { CardInspection } from '../../library/card-files.ts';
import type { ConversionReport, CardWarning } from '../../card/index.ts';
import {
  idProperty as id,
  idSchema,
  pagingProperties,
  nameProperty,
  documentProperty,
  tagListProperty,
  uploadedFilesProperty,
  type UploadedFile,
} from '../schema-parts.ts';
import type { IdInput } from '../schema-parts.ts';

export type { IdInput, RevisionInput } from '../schema-parts.ts';

export type SortKey = 'name' | 'updated' | 'created' | 'creator' | 'character_version';

export interface ListInput {
  query?: string;
  tags?: string[];
  sort?: SortKey;
  order?: 'asc' | 'desc';
  offset?: number;
  limit?: number;
  trash?: boolean;
}
export interface CreateInput {
  name?: string;
  document?: string;
  format?: DocumentFormat;
  tags?: string[];
}
export interface UpdateInput {
  id: number;
  document?: string;
  name?: string;
  tags?: string[];
  /** Optimistic concurrency: refuse the save when the stored revision moved on. */
  baseRevision?: number;
}
export interface BulkInput {
  ids: number[];
  action: 'delete' | 'restore' | 'addTags' | 'removeTags';
  tags?: string[];
}
export interface RenameTagInput {
  from: string;
  to: string;
}
export interface ImportInput {
  /** Binary files (PNG, CharX) travel base64-encoded; text files as they are. */
  files: UploadedFile[];
  /** A file that is another version of a library card (same name and creator): ask (default), update it, or add it. */
  onMatch?: ImportMatchPolicy;
}

const tagList = tagListProperty;

const listSchema: JSONSchemaType<ListInput> = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...pagingProperties,
    tags: { ...tagList, nullable: true },
    sort: { type: 'string', enum: ['name', 'updated', 'created', 'creator', 'character_version'], nullable: true },
    order: { type: 'string', enum: ['asc', 'desc'], nullable: true },
  },
};
const createSchema: JSONSchemaType<CreateInput> = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { ...nameProperty, nullable: true },
    document: { ...documentProperty, nullable: true },
    format: { type: 'string', enum: ['json', 'yaml'], nullable: true },
    tags: { ...tagList, nullable: true },
  },
};
const updateSchema: JSONSchemaType<UpdateInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: {
    id,
    document: { ...documentProperty, nullable: true },
    name: { ...nameProperty, nullable: true },
    tags: { ...tagList, nullable: true },
    baseRevision: { type: 'integer', minimum: 0, nullable: true },
  },
};
const importSchema: JSONSchemaType<ImportInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['files'],
  properties: {
    onMatch: { type: 'string', enum: ['ask', 'update', 'add'], nullable: true },
    files: uploadedFilesProperty,
  },
};
const bulkSchema: JSONSchemaType<BulkInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['ids', 'action'],
  properties: {
    ids: { type: 'array', items: id, minItems: 1, maxItems: 100_000 },
    action: { type: 'string', enum: ['delete', 'restore', 'addTags', 'removeTags'] },
    tags: { ...tagList, nullable: true },
  },
};
const renameTagSchema: JSONSchemaType<RenameTagInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to'],
  properties: { from: tagListProperty.items, to: tagListProperty.items },
};
const emptySchema: JSONSchemaType<Record<string, never>> = {
  type: 'object',
  additionalProperties: false,
  required: [],
};

export interface ExportInput {
  id: number;
  format?: 'png' | 'json' | 'yaml' | 'charx';
  spec?: 'keep' | 'v2' | 'v3';
  indent?: number;
}
export interface SetImageInput {
  id: number;
  base64: string;
}
export interface ConvertInput {
  ids: number[];
  to: 'v2' | 'v3';
}
export interface ExportOutput {
  fileName: string;
  mime: string;
  base64: string;
  report: ConversionReport | null;
  warnings: CardWarning[];
}
export interface ConvertOutcome {
  id: number;
  name: string;
  status: 'converted' | 'already' | 'failed';
  report?: ConversionReport;
  message?: string;
}

const exportSchema: JSONSchemaType<ExportInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: {
    id,
    format: { type: 'string', enum: ['png', 'json', 'yaml', 'charx'], nullable: true },
    spec: { type: 'string', enum: ['keep', 'v2', 'v3'], nullable: true },
    indent: { type: 'integer', minimum: 0, maximum: 8, nullable: true },
  },
};
const setImageSchema: JSONSchemaType<SetImageInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'base64'],
  properties: { id, base64: { type: 'string', minLength: 8, maxLength: 200_000_000 } },
};
const convertSchema: JSONSchemaType<ConvertInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['ids', 'to'],
  properties: {
    ids: { type: 'array', items: id, minItems: 1, maxItems: 100_000 },
    to: { type: 'string', enum: ['v2', 'v3'] },
  },
};

export const cardMethods = {
  ...revisionedMethods<CardSummary, CardRecord, 'cards'>('cards'),
  'cards.list': method<ListInput, { items: CardSummary[]; total: number }>(listSchema),
  'cards.ids': method<ListInput, number[]>(listSchema),
  'cards.create': method<CreateInput, CardRecord>(createSchema),
  'cards.update': method<UpdateInput, CardRecord>(updateSchema),
  'cards.tags': method<Record<string, never>, TagCount[]>(emptySchema),
  'cards.bulk': method<BulkInput, { updated: number; v1: number }>(bulkSchema),
  'cards.renameTag': method<RenameTagInput, { updated: number }>(renameTagSchema),
  'cards.avatar': method<IdInput, { mime: string; base64: string } | null>(idSchema),
  'cards.setImage': method<SetImageInput, CardRecord>(setImageSchema),
  'cards.inspect': method<IdInput, CardInspection>(idSchema),
  'cards.export': method<ExportInput, ExportOutput>(exportSchema),
  'cards.convert': method<ConvertInput, ConvertOutcome[], ImportProgress>(convertSchema, true),
  'cards.import': method<ImportInput, ImportFileResult[], ImportProgress>(importSchema, true),
} as const;
