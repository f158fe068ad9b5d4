/** Schema pieces every domain's methods share: ids, paging through a list, one item, one of its revisions. */
import type { JSONSchemaType } from 'ajv';

export const idProperty = { type: 'integer', minimum: 1 } as const;

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

export const idSchema: JSONSchemaType<IdInput> = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: idProperty } };

export const revisionSchema: JSONSchemaType<RevisionInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'revision'],
  properties: { id: idProperty, revision: { type: 'integer', minimum: 1 } },
};
