// Public API of the PPE module: parse, check, run, and card ⇄ character script conversion.
export { parsePpe } from './parse.ts';
export type { ParseResult } from './parse.ts';
export { checkPpe } from './check.ts';
export type { CheckOptions } from './check.ts';
export { runPpe, DEFAULT_STEP_LIMIT } from './run.ts';
export type { RunPpeOptions, RunPpeResult } from './run.ts';
export type { RunLogEntry } from './runtime.ts';
export { PpeRunError } from './run-error.ts';
export type { RunErrorCode } from './run-error.ts';
export type { CallModel, ChatMessage, ChatRole, ModelRequest, ModelResponse, ResponseFormat } from './model.ts';
export type { LoadScript } from './inherit.ts';
export { cardToPpe, ppeToCard } from './card-ppe.ts';
export type { CardToPpeOptions, CardToPpeResult, PpeToCardResult } from './card-ppe.ts';
export { CHAR_TYPE_ID, CHAR_TYPE_SCRIPT } from './char-type.ts';
export { frontMatterSchema } from './front-matter-schema.ts';
export { normalizeInputs } from './inputs.ts';
export type { InputSpec } from './inputs.ts';
export type * from './types.ts';
