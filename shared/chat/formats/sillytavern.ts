// SillyTavern chat files (JSONL): a header line, then one line per message. Mapping:
//
// | transcript                      | SillyTavern                                                          |
// |---------------------------------|----------------------------------------------------------------------|
// | user.name, character.name       | the last user / character message's name, else header user_name …  |
// | createdAt                       | header create_date (kept verbatim: ST writes its own date format)    |
// | timedEffects                    | header chat_metadata.timedWorldInfo (where ST keeps sticky/cooldown) |
// | user.persona                    | header chat_metadata.lorewright.persona                              |
// | role user / assistant / system  | is_user, else extra.type "narrator" for system                       |
// | hidden                          | is_system (ST's "hidden from the prompt")                            |
// | shown text, swipes, swipe       | mes, swipes, swipe_id                                                |
// | at (message / swipe)            | send_date / swipe_info[i].send_date                                  |
// | stats.tokens, stats.model       | extra.token_count, extra.model (and per swipe in swipe_info[i].extra)|
// | id, greeting, other stats, lore, request | extra.lorewright (ST keeps unknown `extra` keys)            |
//
// Everything else in a SillyTavern file is kept in `foreign.st` and written back on export to SillyTavern.
import type { ChatConversion, ChatLossItem, GenerationStats, Swipe, Transcript, TranscriptMessage } from '../types.ts';
import { TRANSCRIPT_FORMAT, TRANSCRIPT_VERSION } from '../types.ts';
import { validateTranscript } from '../validate.ts';
import { compact, foreignLoss, isObject, mergeUnder, unknownFields } from './foreign.ts';
import type { Json } from './foreign.ts';
import { describeProblem, findTreeProblem } from '../../util/document-limits.ts';

const HEADER_FIELDS = ['user_name', 'character_name', 'create_date', 'chat_metadata'] as const;
const META_FIELDS = ['timedWorldInfo', 'lorewright'] as const;
const MESSAGE_FIELDS = [
  'name',
  'is_user',
  'is_system',
  'send_date',
  'mes',
  'extra',
  'swipes',
  'swipe_id',
  'swipe_info',
] as const;
const EXTRA_FIELDS = ['token_count', 'model', 'type', 'lorewright'] as const;
const SWIPE_INFO_FIELDS = ['send_date', 'extra'] as const;

interface SwipeExtension {
  stats?: GenerationStats;
  lore?: Swipe['lore'];
  request?: Swipe['request'];
}

function swipeExtra(s: Swipe): Json {
  const { tokens, model, ...otherStats } = s.stats ?? {};
  const ours: SwipeExtension = compact({
    stats: Object.keys(otherStats).length ? otherStats : undefined,
    lore: s.lore,
    request: s.request,
  });
  return compact({ token_count: tokens, model, lorewright: Object.keys(ours).length ? ours : undefined });
}

function exportMessage(m: TranscriptMessage, index: number): Json {
  const shown = m.swipes[m.swipe]!;
  const foreign = m.foreign?.st;
  // Positional ids are what an import assigns anyway; writing them would only add noise to a round trip.
  const own = compact({ id: m.id === `m${index + 1}` ? undefined : m.id, greeting: m.greeting });
  const extra = compact({ ...swipeExtra(shown), type: m.role === 'system' ? 'narrator' : undefined });
  const lorewright = { ...(isObject(extra.lorewright) ? extra.lorewright : {}), ...own };
  if (Object.keys(lorewright).length) extra.lorewright = lorewright;
  const line: Json = {
    name: m.name,
    is_user: m.role === 'user',
    is_system: m.hidden === true,
    send_date: m.at,
    mes: shown.text,
    extra,
  };
  // ST gives character replies swipes; user and narrator messages have them only if they somehow have alternatives.
  if (m.role === 'assistant' || m.swipes.length > 1) {
    line.swipes = m.swipes.map((s) => s.text);
    line.swipe_id = m.swipe;
    const foreignInfo = Array.isArray(foreign?.swipe_info) ? foreign.swipe_info : [];
    line.swipe_info = m.swipes.map((s, i) =>
      mergeUnder(
        isObject(foreignInfo[i]) ? foreignInfo[i] : undefined,
        compact({ send_date: s.at, extra: swipeExtra(s) }),
      ),
    );
  }
  const { swipe_info: _kept, ...rest } = foreign ?? {};
  return mergeUnder(rest, line);
}

/** The transcript as SillyTavern JSONL, plus what could not be carried (other formats' foreign fields). */
export function toSillyTavern(t: Transcript): ChatConversion<string> {
  const lost: ChatLossItem[] = [...foreignLoss(t.foreign, 'st', '$')];
  const metadata = mergeUnder(
    isObject(t.foreign?.st?.chat_metadata) ? t.foreign.st.chat_metadata : undefined,
    compact({
      timedWorldInfo: t.timedEffects ?? undefined,
      lorewright: t.user.persona === undefined ? undefined : { persona: t.user.persona },
    }),
  );
  const { chat_metadata: _meta, ...headerRest } = t.foreign?.st ?? {};
  const header = mergeUnder(headerRest, {
    user_name: t.user.name,
    character_name: t.character.name,
    create_date: t.createdAt,
    chat_metadata: metadata,
  });
  const lines = [header];
  t.messages.forEach((m, i) => {
    lost.push(...foreignLoss(m.foreign, 'st', `$.messages[${i}]`));
    lines.push(exportMessage(m, i));
  });
  return { value: `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`, lost };
}

export class ChatFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChatFormatError';
  }
}

function parseLines(text: string): Json[] {
  return text
    .split(/\r?\n/)
    .map((line, i) => ({ line: line.trim(), n: i + 1 }))
    .filter(({ line }) => line !== '')
    .map(({ line, n }) => {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (e) {
        throw new ChatFormatError(`line ${n} is not JSON: ${(e as Error).message}`);
      }
      if (!isObject(value)) throw new ChatFormatError(`line ${n} is not a JSON object`);
      const problem = findTreeProblem(value);
      if (problem) throw new ChatFormatError(`line ${n}: ${describeProblem(problem)}`);
      return value;
    });
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function importSwipe(text: string, at: string | undefined, extra: Json | undefined): Swipe {
  const ours = isObject(extra?.lorewright) ? (extra.lorewright as SwipeExtension) : {};
  const tokens = num(extra?.token_count);
  const stats = compact({
    ...ours.stats,
    tokens: tokens !== undefined && Number.isInteger(tokens) && tokens >= 0 ? tokens : undefined,
    model: str(extra?.model),
  });
  return compact({
    text,
    at,
    stats: Object.keys(stats).length ? stats : undefined,
    lore: ours.lore,
    request: ours.request,
  }) as unknown as Swipe;
}

function importMessage(line: Json, index: number, lost: ChatLossItem[], fallbackId: string): TranscriptMessage {
  const path = `$[${index + 1}]`;
  const extra = isObject(line.extra) ? line.extra : undefined;
  const ours = isObject(extra?.lorewright) ? extra.lorewright : {};
  const mes = str(line.mes) ?? '';
  const at = str(line.send_date) ?? '';
  const texts =
    Array.isArray(line.swipes) && line.swipes.length > 0
      ? line.swipes.map((s) => (typeof s === 'string' ? s : String(s)))
      : [mes];
  const rawId = num(line.swipe_id) ?? 0;
  const swipe = Number.isInteger(rawId) && rawId >= 0 && rawId < texts.length ? rawId : 0;
  if (texts[swipe] !== mes) {
    // ST shows `mes`; a stale swipe text loses to it.
    lost.push({ path: `${path}.swipes[${swipe}]`, reason: 'differs from mes; the shown text (mes) was kept' });
    texts[swipe] = mes;
  }
  const info = Array.isArray(line.swipe_info) ? line.swipe_info : [];
  const swipes = texts.map((text, i) => {
    const entry = isObject(info[i]) ? info[i] : undefined;
    // The message's own extra describes the shown swipe when swipe_info lacks one.
    const swipeExtras = isObject(entry?.extra) ? entry.extra : i === swipe ? extra : undefined;
    return importSwipe(text, str(entry?.send_date) ?? (i === swipe ? at : undefined), swipeExtras);
  });
  const role = line.is_user === true ? 'user' : extra?.type === 'narrator' ? 'system' : 'assistant';
  const foreignInfo = info.map((e) => {
    if (!isObject(e)) return e;
    const rest = unknownFields(e, SWIPE_INFO_FIELDS) ?? {};
    const extraRest = isObject(e.extra) ? unknownFields(e.extra, EXTRA_FIELDS) : undefined;
    return extraRest ? { ...rest, extra: extraRest } : rest;
  });
  const foreign: Json = { ...unknownFields(line, MESSAGE_FIELDS) };
  const extraRest = extra ? unknownFields(extra, EXTRA_FIELDS) : undefined;
  if (extraRest) foreign.extra = extraRest;
  if (foreignInfo.some((e) => !isObject(e) || Object.keys(e).length > 0)) foreign.swipe_info = foreignInfo;
  const message: TranscriptMessage = {
    id: str(ours.id) ?? fallbackId,
    role,
    name: str(line.name) ?? '',
    swipes,
    swipe,
    at,
  };
  if (ours.greeting === true) message.greeting = true;
  if (line.is_system === true) message.hidden = true;
  if (Object.keys(foreign).length) message.foreign = { st: foreign };
  return message;
}

/** Reads a SillyTavern JSONL chat. Fields the transcript does not model are kept in `foreign.st`. */
export function fromSillyTavern(text: string): ChatConversion<Transcript> {
  const lines = parseLines(text);
  const header = lines[0];
  if (!header || !('user_name' in header || 'character_name' in header || 'chat_metadata' in header)) {
    throw new ChatFormatError(
      'not a SillyTavern chat: the first line has no user_name, character_name or chat_metadata',
    );
  }
  const lost: ChatLossItem[] = [];
  const metadata = isObject(header.chat_metadata) ? header.chat_metadata : {};
  const ours = isObject(metadata.lorewright) ? metadata.lorewright : {};
  const used = new Set<string>();
  const messages = lines.slice(1).map((line, i) => {
    const m = importMessage(line, i, lost, `m${i + 1}`);
    // A hand-made id colliding with another is renumbered rather than refused.
    if (used.has(m.id)) m.id = `m${lines.length + i}`;
    used.add(m.id);
    return m;
  });
  const foreign: Json = { ...unknownFields(header, HEADER_FIELDS) };
  const metaRest = unknownFields(metadata, META_FIELDS);
  if (metaRest) foreign.chat_metadata = metaRest;
  // SillyTavern 1.18 writes "unused" for both header names: the speakers' own names are the truth, the header only
  // a fallback for a chat without messages from that side.
  const headerName = (key: 'user_name' | 'character_name') =>
    str(header[key]) === 'unused' ? undefined : str(header[key]);
  const lastUser = messages.findLast((m) => m.role === 'user')?.name;
  const lastChar = messages.findLast((m) => m.role === 'assistant')?.name;
  const transcript: Transcript = {
    format: TRANSCRIPT_FORMAT,
    version: TRANSCRIPT_VERSION,
    createdAt: str(header.create_date) ?? '',
    character: { name: lastChar || headerName('character_name') || '' },
    user: compact({
      name: lastUser || headerName('user_name') || 'User',
      persona: str(ours.persona),
    }) as Transcript['user'],
    messages,
  };
  if (isObject(metadata.timedWorldInfo))
    transcript.timedEffects = metadata.timedWorldInfo as unknown as Transcript['timedEffects'];
  if (Object.keys(foreign).length) transcript.foreign = { st: foreign };
  return { value: validateTranscript(transcript), lost };
}
