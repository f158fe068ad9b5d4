// Model connections: profiles and presets, "test connection", streaming chat and text generation.
export { ModelError, toModelError, type ModelErrorCode } from './errors.ts';
export { listModels } from './list-models.ts';
export {
  profileFromPreset,
  providerPresets,
  type ConnectionKind,
  type ConnectionProfile,
  type GenerationParameters,
  type PresetId,
  type ProviderPreset,
} from './profiles.ts';
export {
  streamChat,
  streamText,
  type ChatRequest,
  type ChatRequestMessage,
  type StreamEvent,
  type StreamOptions,
  type TextRequest,
  type Timing,
  type Usage,
} from './stream.ts';
