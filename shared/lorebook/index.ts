// Public API of the lorebook engine.
export * from './model.ts';
export { scan, chatForScan, SCAN_MODE, type ScanOptions } from './scan.ts';
export { scanTurns } from './sequence.ts';
export { guesstimateTokenizer, utf8Length } from './tokenizer.ts';
export { mulberry32 } from '../util/mulberry32.ts';
export { cyrb53 } from './hash.ts';
export { parseDecorators } from './decorators.ts';
export { expandMacros } from './macros.ts';
export { parseRegexKey } from './keys.ts';
export { DEFAULT_SCAN_SETTINGS } from './defaults.ts';
export { prepareEdit } from './prepare.ts';
