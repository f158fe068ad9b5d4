/** The link methods: which library lorebooks belong to a card, and embedding a book into a card or out of it. */
import type { JSONSchemaType } from 'ajv';
import type { CardRecord } from '../../library/types.ts';
import type { LossReport } from '../../lorebook/formats/types.ts';
import { method } from '../method.ts';
import { idProperty as id } from '../schema-parts.ts';

/** A card has at most one primary book (SillyTavern's character world) and any number of extra books. */
export type LinkRole = 'primary' | 'extra';

export interface CardBookLink {
  lorebookId: number;
  name: string;
  role: LinkRole;
  /** Set when the linked book is in the trash. */
  deletedAt: number | null;
}

export interface LinkListInput {
  cardId: number;
}
export interface LinkSetInput {
  cardId: number;
  lorebookId: number;
  role: LinkRole;
}
export interface LinkRemoveInput {
  cardId: number;
  lorebookId: number;
}
export interface EmbedInput {
  cardId: number;
  lorebookId: number;
}
export interface UnembedInput {
  cardId: number;
  /** Also delete the embedded book from the card (as a new revision). */
  remove?: boolean;
}

export interface EmbedResult {
  /** The card as saved with the book embedded. */
  card: CardRecord;
  /** What the conversion to character_book kept, moved or lost (summary detail). */
  report: LossReport;
}
export interface UnembedResult {
  /** The new library lorebook, linked as the card's primary. */
  lorebookId: number;
  /** The card: unchanged, or saved without its embedded book when `remove`. */
  card: CardRecord;
  report: LossReport;
}

const listSchema: JSONSchemaType<LinkListInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['cardId'],
  properties: { cardId: id },
};
const setSchema: JSONSchemaType<LinkSetInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['cardId', 'lorebookId', 'role'],
  properties: { cardId: id, lorebookId: id, role: { type: 'string', enum: ['primary', 'extra'] } },
};
const pairSchema: JSONSchemaType<LinkRemoveInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['cardId', 'lorebookId'],
  properties: { cardId: id, lorebookId: id },
};
const unembedSchema: JSONSchemaType<UnembedInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['cardId'],
  properties: { cardId: id, remove: { type: 'boolean', nullable: true } },
};

export const linkMethods = {
  'links.list': method<LinkListInput, CardBookLink[]>(listSchema),
  'links.set': method<LinkSetInput, CardBookLink[]>(setSchema),
  'links.remove': method<LinkRemoveInput, CardBookLink[]>(pairSchema),
  'links.embed': method<EmbedInput, EmbedResult>(pairSchema),
  'links.unembed': method<UnembedInput, UnembedResult>(unembedSchema),
} as const;
