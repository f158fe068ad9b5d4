/**
 * The card JSON Schemas (draft 2020-12). The `.json` files are the source of truth, so Monaco can load them
 * directly; this module only gathers them for ajv and callers.
 */
import cardV1 from './schemas/card-v1.schema.json' with { type: 'json' };
import cardV2 from './schemas/card-v2.schema.json' with { type: 'json' };
import cardV3 from './schemas/card-v3.schema.json' with { type: 'json' };
import characterBookV2 from './schemas/character-book-v2.schema.json' with { type: 'json' };
import lorebookV3 from './schemas/lorebook-v3.schema.json' with { type: 'json' };
import lorebookFileV3 from './schemas/lorebook-file-v3.schema.json' with { type: 'json' };

export const cardSchemas = { cardV1, cardV2, cardV3, characterBookV2, lorebookV3, lorebookFileV3 } as const;

export const schemaIds = {
  v1: cardV1.$id,
  v2: cardV2.$id,
  v3: cardV3.$id,
  characterBookV2: characterBookV2.$id,
  lorebookV3: lorebookV3.$id,
  lorebookFileV3: lorebookFileV3.$id,
} as const;
