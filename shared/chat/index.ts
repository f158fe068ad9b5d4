// Public API of test chats: the transcript model, its formats, and the turn pipeline.
export type * from './types.ts';
export { TRANSCRIPT_FORMAT, TRANSCRIPT_VERSION } from './types.ts';
export {
  addSwipe,
  appendMessage,
  createTranscript,
  currentSwipe,
  deleteMessage,
  editMessage,
  extendMessage,
  messageText,
  nextMessageId,
  promptChat,
  replaceSwipe,
  selectSwipe,
} from './transcript.ts';
export { TranscriptError, validateTranscript } from './validate.ts';
export {
  CHAT_FORMATS,
  ChatFormatError,
  detectChatFormat,
  exportChat,
  fromGlm,
  fromSillyTavern,
  importChat,
  toGlm,
  toSillyTavern,
  validateGlm,
  type ChatFormat,
} from './formats/index.ts';
export {
  cardBook,
  planTurn,
  requestBody,
  type NamedBook,
  type RequestTarget,
  type TurnInput,
  type TurnPlan,
  type TurnType,
} from './turn.ts';
