/** The lore-test methods: tests saved with a lorebook (from its preview), run against the book as it is now. */
import type { JSONSchemaType } from 'ajv';
import type { ExpectationOutcome } from '../../lorebook/lore-test.ts';
import { method } from '../method.ts';
import { idProperty as id, idSchema, nameProperty, documentProperty } from '../schema-parts.ts';

export interface LoreTestSummary {
  id: number;
  lorebookId: number;
  name: string;
  /** Number of scenario turns. */
  turns: number;
  createdAt: number;
  updatedAt: number;
}

export interface LoreTestResult {
  id: number;
  name: string;
  passed: boolean;
  /** Every expectation of every turn, with the engine's reason. */
  outcomes: ExpectationOutcome[];
  /** Set when the test could not run at all (a stored document the engine refused). */
  error?: string;
}

export interface LoreTestBookInput {
  lorebookId: number;
}
export interface LoreTestSaveInput {
  lorebookId: number;
  /** A test with this name in the same book is replaced. */
  name: string;
  /** JSON `{"turns": [scenario without books…], "expect": [expectations per turn]}` (shared/lorebook/lore-test-document.ts). */
  document: string;
}
export interface LoreTestIdInput {
  id: number;
}

const bookSchema: JSONSchemaType<LoreTestBookInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['lorebookId'],
  properties: { lorebookId: id },
};
const saveSchema: JSONSchemaType<LoreTestSaveInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['lorebookId', 'name', 'document'],
  properties: { lorebookId: id, name: nameProperty, document: documentProperty },
};

export const loreTestMethods = {
  'loreTests.list': method<LoreTestBookInput, LoreTestSummary[]>(bookSchema),
  'loreTests.save': method<LoreTestSaveInput, LoreTestSummary>(saveSchema),
  'loreTests.delete': method<LoreTestIdInput, null>(idSchema),
  'loreTests.run': method<LoreTestBookInput, LoreTestResult[]>(bookSchema),
} as const;
