/**
 * Schema pieces every domain's methods share — ids, names, documents, file names, tags, paging, one item, one of its
 * revisions — so each limit has one value for cards, lorebooks, scripts and lore tests alike.
 */
import type { JSONSchemaType } from 'ajv';
import { DEFAULT_MAX_DOCUMENT_BYTES } from '../util/document-limits.ts';

export const idProperty = { type: 'integer', minimum: 1 } as const;
export const nameProperty = { type: 'string', minLength: 1, maxLength: 500 } as const;
/** A document's text: the same limit the parser enforces, so the API never accepts what cannot be read. */
export const documentProperty = { type: 'string', maxLength: DEFAULT_MAX_DOCUMENT_BYTES } as const;
/** The name of an imported file, as the user's system spelled it. */
export const fileNameProperty = { type: 'string', minLength: 1, maxLength: 1000 } as const;
/** Files sent for import or conversion: text files as they are, binaries (PNG, CharX) base64-encoded. */
export const uploadedFilesProperty = {
  type: 'array',
  minItems: 1,
  maxItems: 10_000,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'text'],
    properties: {
      name: fileNameProperty,
      text: { type: 'string' },
      encoding: { type: 'string', enum: ['utf8', 'base64'], nullable: true },
    },
  },
} as const;
export interface UploadedFile {
  name: string;
  text: string;
  encoding?: 'utf8' | 'base64';
}

export const tagListProperty = {
  type: 'array',
  items: { type: 'string', minLength: 1, maxLength: 100 },
  maxItems: 200,
} as const;

/** Search text, paging and the trash switch of a list method (each domain adds its own filters). */
export const pagingProperties = {
  query: { type: 'string', maxLength: 1000, nullable: true },
  offset: { type: 'integer', minimum: 0, nullable: true },
  limit: { type: 'integer', minimum: 1, maximum: 1000, nullable: true },
  trash: { type: 'boolean', nullable: true },
} as const;

export interface IdInput {
  id: number;
}
export interface RevisionInput {
  id: number;
  revision: number;
}

export const idSchema: JSONSchemaType<IdInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: idProperty },
};

export const revisionSchema: JSONSchemaType<RevisionInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'revision'],
  properties: { id: idProperty, revision: { type: 'integer', minimum: 1 } },
};

/** The list input of a domain that filters by nothing but its search text. */
export interface PagingInput {
  query?: string;
  offset?: number;
  limit?: number;
  trash?: boolean;
}
export const pagingSchema: JSONSchemaType<PagingInput> = {
  type: 'object',
  additionalProperties: false,
  properties: pagingProperties,
};

/** Saving a library document as a new revision (lorebooks and scripts; cards add tags). */
export interface DocumentUpdateInput {
  id: number;
  document?: string;
  name?: string;
  /** Optimistic concurrency: refuse the save when the stored revision moved on. */
  baseRevision?: number;
}
export const documentUpdateSchema: JSONSchemaType<DocumentUpdateInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: {
    id: idProperty,
    document: { ...documentProperty, nullable: true },
    name: { ...nameProperty, nullable: true },
    baseRevision: { type: 'integer', minimum: 0, nullable: true },
  },
};

/** One stored revision of a document, as `<domain>.revision` gives it. */
export interface StoredRevision {
  revision: number;
  document: string;
  createdAt: number;
}

export interface PurgeInput {
  /** Trashed items to delete for good; the whole trash when omitted. */
  ids?: number[];
}
export interface PurgeResult {
  purged: number;
}

export const purgeSchema: JSONSchemaType<PurgeInput> = {
  type: 'object',
  additionalProperties: false,
  properties: { ids: { type: 'array', items: idProperty, minItems: 1, maxItems: 100_000, nullable: true } },
};
