/** Batch conversion of card files on the machine running Lorewright (the app's "Batch convert" dialog). */
import type { JSONSchemaType } from 'ajv';
import type { ConvertProgress, ConvertReport } from '../../card/index.ts';
import { method } from '../method.ts';

export interface BatchConvertInput {
  /** Files and folders (absolute paths, or relative to where Lorewright was started). */
  inputs: string[];
  to: 'v2' | 'v3';
  outDir?: string;
  inPlace?: boolean;
  backup?: boolean;
  format?: 'same' | 'png' | 'json' | 'yaml' | 'charx';
}

const batchSchema: JSONSchemaType<BatchConvertInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['inputs', 'to'],
  properties: {
    inputs: { type: 'array', minItems: 1, maxItems: 10_000, items: { type: 'string', minLength: 1, maxLength: 4096 } },
    to: { type: 'string', enum: ['v2', 'v3'] },
    outDir: { type: 'string', minLength: 1, maxLength: 4096, nullable: true },
    inPlace: { type: 'boolean', nullable: true },
    backup: { type: 'boolean', nullable: true },
    format: { type: 'string', enum: ['same', 'png', 'json', 'yaml', 'charx'], nullable: true },
  },
};

export const convertMethods = {
  'convert.batch': method<BatchConvertInput, ConvertReport, ConvertProgress>(batchSchema, true),
} as const;
