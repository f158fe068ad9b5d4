// One test-chat turn, pure: card + persona + books + transcript + settings → World Info activation → the assembled
// prompt → the request body. The card's own book is always scanned (V2 spec: "Frontends MUST use the character
// lorebook by default"), converted the way SillyTavern imports it. Timed effects (sticky, cooldown) carry from the
// transcript's last generated turn into this one.
import { DEFAULT_SCAN_SETTINGS } from '../lorebook/defaults.ts';
import { importBook } from '../lorebook/formats/convert.ts';
import type {
  AuthorsNote,
  ScanResult,
  ScanSettings,
  Scenario,
  TimedWorldInfo,
  Tokenizer,
  WorldInfoBook,
} from '../lorebook/model.ts';
import { scan } from '../lorebook/scan.ts';
import { assemblePrompt } from '../prompt/assemble.ts';
import { loreReport, type LoreReport } from '../prompt/lore-report.ts';
import { guesstimateTokenizer } from '../lorebook/tokenizer.ts';
import { authorsNoteInserted } from '../prompt/authors-note.ts';
import { characterFromCard } from '../prompt/card.ts';
import { resolveSettings } from '../prompt/defaults.ts';
import type { DeepPartial, JinjaOptions, PromptPersona, PromptResult, PromptSettings } from '../prompt/types.ts';
import { transcriptAuthorsNote } from './authors-note.ts';
import { cardBookName } from './card-book.ts';
import { promptChat } from './transcript.ts';
import type { FiredLore, Transcript } from './types.ts';
import { isImportOf } from '../lorebook/formats/same-source.ts';
import { setOwn } from '../util/own.ts';

/** SillyTavern's generation types; swipe and regenerate leave out the reply they replace. */
export type TurnType = 'normal' | 'continue' | 'impersonate' | 'swipe' | 'regenerate';

export interface NamedBook {
  name: string;
  book: WorldInfoBook;
  /**
   * How SillyTavern would hold the book: a global book (default), the character's linked world ('primary', its
   * "character book") or one of the character's extra books. The roles matter to the character-lore strategy.
   */
  role?: 'global' | 'primary' | 'extra';
}

/** Where the request goes: the model id and the profile's default parameters (they win over the prompt settings). */
export interface RequestTarget {
  model: string;
  parameters?: Record<string, unknown>;
  stream?: boolean;
}

export interface TurnInput {
  /** The card document (V1/V2/V3 JSON). */
  card: unknown;
  persona: PromptPersona;
  /** Lorebooks besides the card's own, already in World Info shape; scanned in their role (global by default). */
  books?: NamedBook[];
  transcript: Transcript;
  type?: TurnType;
  mode: 'chat' | 'text' | 'jinja';
  jinja?: JinjaOptions;
  settings?: DeepPartial<PromptSettings>;
  scan?: Partial<ScanSettings>;
  tokenizer?: Tokenizer;
  /** Seed of the probability rolls; default: the chat length, so a turn is reproducible. */
  seed?: number;
  target: RequestTarget;
}

export interface TurnPlan {
  prompt: PromptResult;
  /** The body sent to /chat/completions (chat) or /completions (text, jinja). */
  request: Record<string, unknown>;
  lore: FiredLore[];
  /** Why each entry is in or out, and the world-info budget ("Show prompt"). */
  loreReport: LoreReport;
  /** The timed-effect state to keep once this turn's reply is accepted. */
  timedEffects: TimedWorldInfo;
  /** Index of the message a swipe/regenerate replaces, or of the message "continue" extends; null otherwise. */
  replaces: number | null;
  scan: ScanResult;
}

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

// Converting a 5,000-entry book costs most of a turn (~0.9 s) while the book rarely changes between turns, so the
// last few conversions are kept, keyed by the book's JSON text (every turn parses the card afresh). The engine
// never mutates a book, so sharing one is safe.
const converted = new Map<string, WorldInfoBook>();
const CACHED_BOOKS = 4;

function convertCharacterBook(raw: Record<string, unknown>): WorldInfoBook {
  const key = JSON.stringify(raw);
  let book = converted.get(key);
  if (book) {
    converted.delete(key);
  } else {
    book = importBook(raw, { format: 'v2', detail: 'summary' }).book;
    if (converted.size >= CACHED_BOOKS) converted.delete(converted.keys().next().value!);
  }
  converted.set(key, book);
  return book;
}

/** The card's embedded book as SillyTavern imports it, named as SillyTavern names it; null when it has none. */
export function cardBook(card: unknown): NamedBook | null {
  const name = cardBookName(card);
  return name === null ? null : { name, book: convertCharacterBook(record(record(record(card).data).character_book)) };
}

function lastIndexOf(t: Transcript, role: 'assistant' | 'any'): number | null {
  const i = t.messages.length - 1;
  if (i < 0) return null;
  return role === 'any' || t.messages[i]!.role === 'assistant' ? i : null;
}

function firedLore(result: ScanResult, books: Record<string, WorldInfoBook>): FiredLore[] {
  return result.activated.map((key) => {
    const dot = key.lastIndexOf('.');
    const book = key.slice(0, dot);
    const uid = Number(key.slice(dot + 1));
    const entry = Object.values(books[book]?.entries ?? {}).find((e) => e.uid === uid);
    return {
      book,
      uid,
      comment: entry?.comment ?? '',
      keys: entry?.key ?? [],
      position: typeof entry?.position === 'number' ? entry.position : null,
      depth: typeof entry?.depth === 'number' ? entry.depth : null,
    };
  });
}

/** OpenAI's /completions takes at most 4 stop strings; SillyTavern's Generic type sends the first 4 it computed. */
const STOP_LIMIT = 4;

/** The request body, keyed in the order the model service sends it (model, parameters, stream, payload). */
export function requestBody(prompt: PromptResult, target: RequestTarget, maxTokens: number): Record<string, unknown> {
  const { stop: profileStop, ...parameters } = target.parameters ?? {};
  const base = { model: target.model, max_tokens: maxTokens, ...parameters };
  const stream = target.stream ?? true;
  if (prompt.mode === 'chat')
    return {
      ...base,
      ...(profileStop === undefined ? {} : { stop: profileStop }),
      stream,
      messages: prompt.chat?.messages ?? [],
    };
  const stop = [...(prompt.text?.stop ?? []), ...(Array.isArray(profileStop) ? (profileStop as string[]) : [])].slice(
    0,
    STOP_LIMIT,
  );
  return { ...base, ...(stop.length ? { stop } : {}), stream, prompt: prompt.text?.prompt ?? '' };
}

export function planTurn(input: TurnInput): TurnPlan {
  const type = input.type ?? 'normal';
  const replaces =
    type === 'swipe' || type === 'regenerate'
      ? lastIndexOf(input.transcript, 'assistant')
      : type === 'continue'
        ? lastIndexOf(input.transcript, 'any')
        : null;
  const history =
    (type === 'swipe' || type === 'regenerate') && replaces !== null
      ? { ...input.transcript, messages: input.transcript.messages.slice(0, replaces) }
      : input.transcript;
  const character = characterFromCard(input.card);
  const chat = promptChat(history);
  // Profile parameters win over the prompt settings, so the budget is computed for the max_tokens really sent.
  const maxTokensParam = input.target.parameters?.max_tokens;
  const modeKey = input.mode === 'text' ? 'text' : 'chat';
  // The Author's Note is the chat's own (its chat_metadata) unless the caller overrides it.
  const withNote: DeepPartial<PromptSettings> = {
    ...input.settings,
    authorsNote: input.settings?.authorsNote ?? transcriptAuthorsNote(input.transcript),
  };
  const settings: DeepPartial<PromptSettings> =
    typeof maxTokensParam === 'number'
      ? { ...withNote, [modeKey]: { ...withNote[modeKey], maxTokens: maxTokensParam } }
      : withNote;
  const resolved = resolveSettings(settings);
  const { maxContext, maxTokens } = resolved[modeKey];

  const embedded = record(record(input.card).data).character_book;
  // A linked library book imported from this very embedded book replaces it, as in SillyTavern (no double firing).
  const ownLinked = (input.books ?? []).some(
    (b) => (b.role === 'primary' || b.role === 'extra') && isImportOf(b.book, embedded),
  );
  const own = ownLinked ? null : cardBook(input.card);
  const books: Record<string, WorldInfoBook> = {};
  // Book names are the user's: own properties, so "__proto__" or "constructor" is a name like any other.
  if (own) setOwn(books, own.name, own.book);
  const globalBooks: string[] = [];
  const extraCharacterBooks: string[] = [];
  let characterBook = own?.name ?? null;
  let primary = false;
  for (const extra of input.books ?? []) {
    let name = extra.name;
    for (let n = 2; Object.hasOwn(books, name); n++) name = `${extra.name} (${n})`;
    setOwn(books, name, extra.book);
    if (extra.role === 'primary' && !primary) {
      // The linked world is the character book; the embedded one is still scanned (V2), as a character extra.
      if (own) extraCharacterBooks.unshift(own.name);
      characterBook = name;
      primary = true;
    } else if (extra.role === 'extra' || extra.role === 'primary') extraCharacterBooks.push(name);
    else globalBooks.push(name);
  }
  const note = resolved.authorsNote;
  const authorsNote: AuthorsNote | null =
    note.text && authorsNoteInserted(note, chat)
      ? {
          value: note.text,
          scan: false,
          position: note.position === 'in-chat' ? 1 : note.position === 'before-main' ? 2 : 0,
          depth: note.depth,
          role: ['system', 'user', 'assistant'].indexOf(note.role),
        }
      : null;
  const data = record(record(input.card).data);
  const scenario: Scenario = {
    settings: { ...DEFAULT_SCAN_SETTINGS, ...input.scan },
    // SillyTavern's budget base is the maximum prompt size: context minus the response length.
    maxContext: Math.max(1, maxContext - maxTokens),
    tokenizer: 'guesstimate',
    seed: input.seed ?? chat.length,
    random: null,
    books,
    globalBooks,
    characterBook,
    extraCharacterBooks,
    chatBook: null,
    personaBook: null,
    character: {
      name: character.name,
      avatar: character.name,
      tags: Array.isArray(data.tags) ? data.tags.filter((x): x is string => typeof x === 'string') : [],
      description: character.description ?? '',
      personality: character.personality ?? '',
      scenario: character.scenario ?? '',
      creatorNotes: character.creatorNotes ?? '',
      depthPrompt: character.depthPrompt?.prompt ?? '',
    },
    user: { name: input.persona.name, persona: input.persona.description ?? '' },
    chat: chat.map((m) => ({ name: m.name, mes: m.mes, is_system: m.is_system === true })),
    trigger: type,
    extensionPrompts: {},
    authorsNote,
    dryRun: false,
    carryTimedEffects: true,
    timedWorldInfo: null,
  };
  const result = scan(scenario, {
    tokenizer: input.tokenizer,
    carriedTimedEffects: input.transcript.timedEffects ?? null,
  });
  const prompt = assemblePrompt({
    character,
    persona: input.persona,
    chat,
    lore: result.prompt,
    mode: input.mode,
    jinja: input.jinja,
    generationType: type === 'continue' || type === 'impersonate' ? type : 'normal',
    settings,
    tokenizer: input.tokenizer,
  });
  return {
    prompt,
    request: requestBody(prompt, input.target, maxTokens),
    lore: firedLore(result, books),
    loreReport: loreReport(result, books, input.tokenizer ?? guesstimateTokenizer),
    timedEffects: result.timedWorldInfo,
    replaces,
    scan: result,
  };
}
