// GLM (PyALM) chat history, YAML or JSON, following the mapping of docs/chat-formats.md#mapping:
//
// | transcript                  | GLM                                                                           |
// |-----------------------------|-------------------------------------------------------------------------------|
// | createdAt                   | meta.chat_started (ISO-8601; any other text goes to meta.chat_started_text)   |
// | character.name              | meta.card.name; each assistant entry's meta.speaker                           |
// | user.name, user.persona     | system.available_user_info.name / .description                                |
// | model of the last reply     | meta.used_model (derived, not read back)                                      |
// | timedEffects                | meta.timed_world_info                                                         |
// | greeting text               | system.primary_message (derived) and history[0] with meta.kind "greeting"     |
// | user / assistant message    | history[i].user / .assistant (system messages: assistant with meta.role)      |
// | shown swipe                 | content; stats.tokens → meta.token_count, totalMs → meta.completion_time (s)  |
// | other swipes                | meta.alternatives [{content, meta}] + meta.selected (index among all swipes)  |
// | id, at, hidden, lore, request, other stats | meta.id, meta.timestamp, meta.hidden, meta.lore, meta.request, meta.stats |
//
// GLM content Lorewright does not model (user_interaction entries, function_calls, feedback, sentiment, settings,
// other system keys, unknown meta keys) is kept in `foreign.glm` and written back on export to GLM.
import Ajv2020 from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import yaml from 'js-yaml';
import type { ChatConversion, ChatLossItem, GenerationStats, Swipe, Transcript, TranscriptMessage } from '../types.ts';
import { TRANSCRIPT_FORMAT, TRANSCRIPT_VERSION } from '../types.ts';
import { validateTranscript } from '../validate.ts';
import { compact, foreignLoss, isObject, mergeUnder, unknownFields } from './foreign.ts';
import type { Json } from './foreign.ts';
import { glmChatHistorySchema } from './glm-schema.ts';
import { ChatFormatError } from './sillytavern.ts';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const TOP_FIELDS = ['history', 'meta', 'settings', 'system'] as const;
const CHAT_META_FIELDS = [
  'chat_started',
  'chat_started_text',
  'used_model',
  'card',
  'app',
  'format_version',
  'timed_world_info',
] as const;
const SYSTEM_FIELDS = ['primary_message', 'available_user_info'] as const;
const USER_INFO_FIELDS = ['name', 'description'] as const;
const ENTRY_FIELDS = ['content', 'meta'] as const;
const ENTRY_META_FIELDS = [
  'id',
  'timestamp',
  'token_count',
  'completion_time',
  'stats',
  'lore',
  'request',
  'speaker',
  'kind',
  'greeting_index',
  'role',
  'hidden',
  'alternatives',
  'selected',
  'swipe_at',
  'persona',
] as const;

let validator: ValidateFunction | undefined;

/** Validates a GLM document against the schema; throws ChatFormatError listing the problems. */
export function validateGlm(doc: unknown): void {
  if (!validator) {
    const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
    ajv.addFormat('date-time', ISO_DATE_TIME);
    validator = ajv.compile(glmChatHistorySchema);
  }
  if (!validator(doc)) {
    const problems = (validator.errors ?? [])
      .slice(0, 10)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
    throw new ChatFormatError(`not a valid GLM chat history: ${problems.join('; ')}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Export

function swipeMeta(s: Swipe): Json {
  const { tokens, ...stats } = s.stats ?? {};
  return compact({
    timestamp: s.at,
    token_count: tokens,
    completion_time: stats.totalMs !== undefined ? stats.totalMs / 1000 : undefined,
    stats: Object.keys(stats).length ? stats : undefined,
    lore: s.lore,
    request: s.request,
  });
}

function exportEntry(m: TranscriptMessage, characterName: string): Json {
  const shown = m.swipes[m.swipe]!;
  const others = m.swipes.filter((_, i) => i !== m.swipe).map((s) => compact({ content: s.text, meta: swipeMeta(s) }));
  const meta = compact({
    id: m.id,
    ...swipeMeta(shown),
    timestamp: m.at,
    swipe_at: shown.at !== m.at ? shown.at : undefined,
    speaker: m.role === 'user' || m.name === characterName ? undefined : m.name,
    persona: m.role === 'user' ? m.name : undefined,
    kind: m.greeting ? 'greeting' : undefined,
    greeting_index: m.greeting ? m.swipe : undefined,
    role: m.role === 'system' ? 'system' : undefined,
    hidden: m.hidden,
    alternatives: others.length ? others : undefined,
    selected: others.length ? m.swipe : undefined,
  });
  const foreign = m.foreign?.glm;
  const body = mergeUnder(foreign, {
    content: shown.text,
    meta: mergeUnder(isObject(foreign?.meta) ? foreign.meta : undefined, meta),
  });
  return { [m.role === 'user' ? 'user' : 'assistant']: body };
}

/** The transcript as a GLM chat history object (validated), plus what could not be carried. */
export function toGlm(t: Transcript): ChatConversion<Json> {
  const lost: ChatLossItem[] = [...foreignLoss(t.foreign, 'glm', '$')];
  const foreign = t.foreign?.glm ?? {};
  const history: Json[] = t.messages.map((m, i) => {
    lost.push(...foreignLoss(m.foreign, 'glm', `$.messages[${i}]`));
    return exportEntry(m, t.character.name);
  });
  // user_interaction entries go back where they were, counted in messages.
  const interactions = Array.isArray(foreign.interactions)
    ? (foreign.interactions as { before: number; entry: Json }[])
    : [];
  for (const { before, entry } of [...interactions].sort((a, b) => b.before - a.before))
    history.splice(Math.min(before, history.length), 0, entry);
  const lastModel = [...t.messages]
    .reverse()
    .map((m) => m.swipes[m.swipe]?.stats?.model)
    .find((x) => x !== undefined);
  const greeting = t.messages.find((m) => m.greeting);
  const iso = ISO_DATE_TIME.test(t.createdAt);
  const meta = mergeUnder(
    isObject(foreign.meta) ? foreign.meta : undefined,
    compact({
      chat_started: iso ? t.createdAt : undefined,
      chat_started_text: iso ? undefined : t.createdAt,
      used_model: lastModel,
      card: { name: t.character.name },
      app: 'lorewright',
      format_version: t.version,
      timed_world_info: t.timedEffects ?? undefined,
    }),
  );
  const userInfo = mergeUnder(
    isObject(foreign.available_user_info) ? foreign.available_user_info : undefined,
    compact({ name: t.user.name, description: t.user.persona }),
  );
  const system = mergeUnder(
    isObject(foreign.system) ? foreign.system : undefined,
    compact({
      primary_message: greeting ? greeting.swipes[greeting.swipe]!.text : undefined,
      available_user_info: userInfo,
    }),
  );
  const rest = isObject(foreign.top) ? foreign.top : undefined;
  const doc = mergeUnder(
    rest,
    compact({ meta, settings: isObject(foreign.settings) ? foreign.settings : undefined, system, history }),
  );
  validateGlm(doc);
  return { value: doc, lost };
}

export function toGlmJson(t: Transcript): ChatConversion<string> {
  const { value, lost } = toGlm(t);
  return { value: `${JSON.stringify(value, null, 2)}\n`, lost };
}

export function toGlmYaml(t: Transcript): ChatConversion<string> {
  const { value, lost } = toGlm(t);
  return { value: yaml.dump(value, { schema: yaml.CORE_SCHEMA, noRefs: true, lineWidth: -1 }), lost };
}

// ---------------------------------------------------------------------------------------------------------------
// Import

/** Older shapes seen upstream (docs/chat-formats.md#glm-chat-history), brought to the single-key form before validating. */
function normalize(doc: Json, lost: ChatLossItem[]): Json {
  const out: Json = { ...doc };
  if (isObject(out.settings) && isObject(out.settings.settings)) {
    const { settings: inner, ...outer } = out.settings;
    out.settings = { ...inner, ...outer };
  }
  if (isObject(out.system) && isObject(out.system.system)) {
    const { system: inner, ...outer } = out.system;
    const { background, user_info, ...innerRest } = inner;
    out.system = compact({ ...innerRest, service_info: background, available_user_info: user_info, ...outer });
  }
  if (Array.isArray(out.history)) {
    out.history = out.history.map((entry, i) => {
      if (!isObject(entry) || typeof entry.role !== 'string') return entry;
      const { role, metadata, ...rest } = entry;
      const kind = role.toLowerCase();
      if (kind !== 'user' && kind !== 'assistant') {
        lost.push({
          path: `$.history[${i}].role`,
          reason: `role "${role}" is neither user nor assistant; kept as a user_interaction`,
        });
        return { user_interaction: { ...rest, meta: { role } } };
      }
      return { [kind]: compact({ ...rest, meta: rest.meta ?? metadata }) };
    });
    out.history = (out.history as unknown[]).map((entry) => {
      if (!isObject(entry)) return entry;
      const [type, body] = Object.entries(entry)[0] ?? [];
      if (type && isObject(body) && isObject(body.function_calls))
        return { [type]: { ...body, function_calls: [body.function_calls] } };
      return entry;
    });
  }
  if (isObject(out.meta) && typeof out.meta.chat_started === 'number') {
    lost.push({ path: '$.meta.chat_started', reason: 'epoch seconds converted to an ISO-8601 date' });
    out.meta = { ...out.meta, chat_started: new Date(out.meta.chat_started * 1000).toISOString() };
  }
  return out;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function importSwipe(text: string, meta: Json, at: string | undefined): Swipe {
  const stats: GenerationStats = { ...(isObject(meta.stats) ? meta.stats : {}) };
  const tokens = num(meta.token_count);
  if (tokens !== undefined) stats.tokens = tokens;
  const seconds = num(meta.completion_time);
  if (stats.totalMs === undefined && seconds !== undefined) stats.totalMs = seconds * 1000;
  return compact({
    text,
    at,
    stats: Object.keys(stats).length ? stats : undefined,
    lore: Array.isArray(meta.lore) ? meta.lore : undefined,
    request: isObject(meta.request) ? meta.request : undefined,
  }) as unknown as Swipe;
}

function importEntry(
  type: 'user' | 'assistant',
  body: Json,
  characterName: string,
  fallbackId: string,
): TranscriptMessage {
  const meta = isObject(body.meta) ? body.meta : {};
  const at = str(meta.timestamp) ?? '';
  const text = str(body.content) ?? '';
  const others = Array.isArray(meta.alternatives) ? meta.alternatives.filter(isObject) : [];
  const selectedRaw = num(meta.selected) ?? 0;
  const selected = Number.isInteger(selectedRaw) && selectedRaw >= 0 && selectedRaw <= others.length ? selectedRaw : 0;
  const swipes = others.map((o) =>
    importSwipe(
      str(o.content) ?? '',
      isObject(o.meta) ? o.meta : {},
      isObject(o.meta) ? str(o.meta.timestamp) : undefined,
    ),
  );
  swipes.splice(selected, 0, importSwipe(text, meta, str(meta.swipe_at) ?? at));
  const role = type === 'user' ? 'user' : meta.role === 'system' ? 'system' : 'assistant';
  const message: TranscriptMessage = {
    id: str(meta.id) ?? fallbackId,
    role,
    name: role === 'user' ? (str(meta.persona) ?? '') : (str(meta.speaker) ?? characterName),
    swipes,
    swipe: selected,
    at,
  };
  if (meta.kind === 'greeting') message.greeting = true;
  if (meta.hidden === true) message.hidden = true;
  const foreign: Json = { ...unknownFields(body, ENTRY_FIELDS) };
  const metaRest = unknownFields(meta, ENTRY_META_FIELDS);
  if (metaRest) foreign.meta = metaRest;
  if (Object.keys(foreign).length) message.foreign = { glm: foreign };
  return message;
}

/** Reads a GLM chat history object. Content Lorewright does not model is kept in `foreign.glm`. */
export function fromGlm(input: unknown): ChatConversion<Transcript> {
  if (!isObject(input)) throw new ChatFormatError('not a GLM chat history: expected an object');
  const lost: ChatLossItem[] = [];
  const doc = normalize(input, lost);
  validateGlm(doc);
  const meta = isObject(doc.meta) ? doc.meta : {};
  const system = isObject(doc.system) ? doc.system : {};
  const userInfo = isObject(system.available_user_info) ? system.available_user_info : {};
  const characterName = (isObject(meta.card) ? str(meta.card.name) : undefined) ?? '';
  const messages: TranscriptMessage[] = [];
  const interactions: { before: number; entry: Json }[] = [];
  const used = new Set<string>();
  for (const entry of doc.history as Json[]) {
    const [type, body] = Object.entries(entry)[0]!;
    if (type === 'user_interaction' || !isObject(body)) {
      interactions.push({ before: messages.length, entry });
      continue;
    }
    const m = importEntry(type as 'user' | 'assistant', body, characterName, `m${messages.length + 1}`);
    if (used.has(m.id)) m.id = `m${(doc.history as unknown[]).length + messages.length + 1}`;
    used.add(m.id);
    messages.push(m);
  }
  const userName = str(userInfo.name) ?? messages.find((m) => m.role === 'user' && m.name)?.name ?? 'User';
  for (const m of messages) if (m.role === 'user' && !m.name) m.name = userName;
  const foreign: Json = compact({
    top: unknownFields(doc, TOP_FIELDS),
    meta: unknownFields(meta, CHAT_META_FIELDS),
    settings: doc.settings,
    system: unknownFields(system, SYSTEM_FIELDS),
    available_user_info: unknownFields(userInfo, USER_INFO_FIELDS),
    interactions: interactions.length ? interactions : undefined,
  });
  const transcript: Transcript = {
    format: TRANSCRIPT_FORMAT,
    version: TRANSCRIPT_VERSION,
    createdAt: str(meta.chat_started) ?? str(meta.chat_started_text) ?? '',
    character: { name: characterName || (messages.find((m) => m.role === 'assistant')?.name ?? '') },
    user: compact({ name: userName, persona: str(userInfo.description) }) as Transcript['user'],
    messages,
  };
  if (isObject(meta.timed_world_info))
    transcript.timedEffects = meta.timed_world_info as unknown as Transcript['timedEffects'];
  if (Object.keys(foreign).length) transcript.foreign = { glm: foreign };
  return { value: validateTranscript(transcript), lost };
}
