/** The lorebook methods: standalone World Info books in the local SQLite library. */
import type { JSONSchemaType } from 'ajv';
import type { LibraryItem, RevisionSummary } from '../../library/types.ts';
import type { BookFormat, LossReport } from '../../lorebook/formats/types.ts';
import { method } from '../method.ts';
import {
  idSchema,
  revisionSchema,
  nameProperty as name,
  documentProperty as documentText,
  fileNameProperty,
  pagingSchema,
  documentUpdateSchema,
  purgeSchema,
  type PurgeInput,
  type PurgeResult,
} from '../schema-parts.ts';
import type { DocumentUpdateInput, IdInput, PagingInput, RevisionInput, StoredRevision } from '../schema-parts.ts';

export interface LorebookSummary extends LibraryItem {
  entryCount: number;
}

export interface LorebookRecord extends LorebookSummary {
  /** SillyTavern World Info JSON, exactly as stored. */
  document: string;
}

export interface LorebookCreateInput {
  name: string;
  /** A World Info book; an empty one when omitted. */
  document?: string;
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

const createSchema: JSONSchemaType<LorebookCreateInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name, document: { ...documentText, nullable: true } },
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
  'lorebooks.list': method<PagingInput, { items: LorebookSummary[]; total: number }>(pagingSchema),
  'lorebooks.get': method<IdInput, LorebookRecord>(idSchema),
  'lorebooks.create': method<LorebookCreateInput, LorebookRecord>(createSchema),
  'lorebooks.update': method<DocumentUpdateInput, LorebookRecord>(documentUpdateSchema),
  'lorebooks.delete': method<IdInput, LorebookSummary>(idSchema),
  'lorebooks.restore': method<IdInput, LorebookSummary>(idSchema),
  /** Deletes trashed items for good (the whole trash without ids). */
  'lorebooks.purge': method<PurgeInput, PurgeResult>(purgeSchema),
  'lorebooks.revisions': method<IdInput, RevisionSummary[]>(idSchema),
  'lorebooks.revision': method<RevisionInput, StoredRevision>(revisionSchema),
  'lorebooks.import': method<LorebookImportInput, LorebookImportResult[]>(importSchema),
} as const;
