/** Batch conversion of card files on the machine running Lorewright (the app's "Batch convert" dialog). */
import type { JSONSchemaType } from 'ajv';
import type { ConvertProgress, ConvertReport } from '../../card/index.ts';
import { method } from '../method.ts';
import { uploadedFilesProperty, type UploadedFile } from '../schema-parts.ts';

export interface BatchConvertInput {
  /** Files and folders (absolute paths, or relative to where Lorewright was started). */
  inputs: string[];
  to: 'v2' | 'v3';
  outDir?: string;
  inPlace?: boolean;
  backup?: boolean;
  format?: 'same' | 'png' | 'json' | 'yaml' | 'charx';
}

/** Picked files (a browser has their bytes, not their paths), converted in a temporary folder on the host. */
export interface FilesConvertInput {
  /** Each file's path relative to what was picked (`cards/nyx.png`); text as is, binaries base64-encoded. */
  files: UploadedFile[];
  to: 'v2' | 'v3';
  format?: 'same' | 'png' | 'json' | 'yaml' | 'charx';
}
/** The report names files by their picked relative paths; the converted files come back base64-encoded. */
export interface FilesConvertResult {
  report: ConvertReport;
  outputs: { name: string; base64: string }[];
}

const formatProperty = { type: 'string', enum: ['same', 'png', 'json', 'yaml', 'charx'], nullable: true } as const;

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
    format: formatProperty,
  },
};

const filesSchema: JSONSchemaType<FilesConvertInput> = {
  type: 'object',
  additionalProperties: false,
  required: ['files', 'to'],
  properties: {
    files: uploadedFilesProperty,
    to: { type: 'string', enum: ['v2', 'v3'] },
    format: formatProperty,
  },
};

export const convertMethods = {
  'convert.batch': method<BatchConvertInput, ConvertReport, ConvertProgress>(batchSchema, true),
  'convert.files': method<FilesConvertInput, FilesConvertResult, ConvertProgress>(filesSchema, true),
} as const;
