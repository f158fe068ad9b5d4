/** Handlers for the test-chat methods (methods/chats.ts). */
import { ApiError, errorMessage } from '../../../shared/errors.ts';
import type { ChatPromptSettings, TurnApiInput } from '../../../shared/api/methods/chats.ts';
import { exportChat, importChat } from '../../../shared/chat/formats/index.ts';
import { validateTranscript } from '../../../shared/chat/validate.ts';
import { parseDocument } from '../../../shared/library/parse-document.ts';
import type { NamedBook } from '../../../shared/chat/turn.ts';
import type { WorldInfoBook } from '../../../shared/lorebook/model.ts';
import type { DeepPartial, PromptSettings } from '../../../shared/prompt/types.ts';
import { loadTokenizer, sillyTavernTokenizer } from '../../../shared/tokenize/index.ts';
import { generate } from '../../services/chats/generate.ts';
import { presetList, ProfileStore } from '../../services/chats/profile-store.ts';
import { UnknownTemplateError } from '../../services/chats/turn-plan.ts';
import { planInSandbox, SandboxLimitError } from '../../sandbox/index.ts';
import type { CallOptions } from '../../../shared/api/contract.ts';
import { listModels } from '../../services/models/list-models.ts';
import type { ConnectionProfile } from '../../services/models/profiles.ts';
import type { HandlerTable, HostContext } from './types.ts';

/** The panel's settings in assemblePrompt's shape: one main prompt and context size serve both modes. */
function promptSettings(s: ChatPromptSettings | undefined): DeepPartial<PromptSettings> {
  if (!s) return {};
  const both = {
    ...(s.maxContext === undefined ? {} : { maxContext: s.maxContext }),
    ...(s.maxTokens === undefined ? {} : { maxTokens: s.maxTokens }),
  };
  return {
    ...(s.authorsNote ? { authorsNote: s.authorsNote } : {}),
    chat: { ...both, ...(s.mainPrompt === undefined ? {} : { mainPrompt: s.mainPrompt }) },
    text: { ...both, ...(s.mainPrompt === undefined ? {} : { systemPrompt: s.mainPrompt }) },
  };
}

/** The chat's temperature and max tokens win over the connection's defaults (they are the panel's choice). */
function parameters(
  base: Record<string, unknown> | undefined,
  s: ChatPromptSettings | undefined,
): Record<string, unknown> | undefined {
  if (s?.temperature === undefined && s?.maxTokens === undefined) return base;
  return {
    ...base,
    ...(s.temperature === undefined ? {} : { temperature: s.temperature }),
    ...(s.maxTokens === undefined ? {} : { max_tokens: s.maxTokens }),
  };
}

/** A pasted Jinja template that does not parse or render is the user's input to fix, not an internal failure. */
async function planOrJinjaError<T>(jinja: string | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (jinja === undefined || e instanceof SandboxLimitError || e instanceof UnknownTemplateError) throw e;
    throw new ApiError('bad_input', `The Jinja chat template failed: ${errorMessage(e)}`, [
      { path: '/jinja', message: 'unrenderable' },
    ]);
  }
}

export function chatsHandlers({ library, keyCipher, sandbox }: HostContext): HandlerTable<'chats.'> {
  const chats = library.chats;
  const profiles = new ProfileStore(library.file, process.env, keyCipher);
  const links = library.links;

  const namedBook = (id: number, role: NamedBook['role']): NamedBook => {
    const book = library.lorebooks.get(id);
    return { name: book.name, book: JSON.parse(book.document) as WorldInfoBook, role };
  };

  /** The card's linked books in their roles (trashed ones left out), then the chat's own picks as global books. */
  function turnBooks(cardId: number, bookIds: number[] = []): NamedBook[] {
    const linked = links.list(cardId).filter((l) => l.deletedAt === null);
    const linkedIds = new Set(linked.map((l) => l.lorebookId));
    return [
      ...linked.map((l) => namedBook(l.lorebookId, l.role)),
      ...bookIds.filter((id) => !linkedIds.has(id)).map((id) => namedBook(id, 'global')),
    ];
  }

  async function prepare(input: TurnApiInput, signal: CallOptions<unknown>['signal']) {
    const card = library.cards.get(input.cardId);
    const connection: ConnectionProfile | null =
      input.profileId === undefined ? null : profiles.connection(input.profileId);
    const model = connection?.model ?? '';
    const mode = input.mode ?? (connection?.kind === 'openai-text' ? 'text' : 'chat');
    const tokenizerName = input.settings?.tokenizer ?? sillyTavernTokenizer(mode, model);
    const books = turnBooks(input.cardId, input.bookIds);
    const cardDocument = parseDocument(card.document, card.format);
    const transcript = validateTranscript(input.transcript);
    // The scan and the templates run in the sandbox; the host keeps only the tokenizer that counts the reply.
    const plan = await planOrJinjaError(input.jinja, () =>
      planInSandbox(
        sandbox,
        {
          card: cardDocument,
          transcript,
          persona: input.persona,
          books,
          type: input.type,
          mode,
          templates: {
            instruct: input.template,
            context: input.settings?.context,
            bindToContext: input.settings?.bindToContext,
          },
          jinja: input.jinja,
          settings: promptSettings(input.settings),
          target: {
            model,
            parameters: parameters(connection?.parameters as Record<string, unknown> | undefined, input.settings),
          },
          tokenizer: tokenizerName,
        },
        { signal },
      ),
    );
    return { plan, connection, tokenizerName };
  }

  return {
    'chats.profiles': () => ({ profiles: profiles.list(), presets: presetList }),
    'chats.saveProfile': (input) => profiles.save(input),
    'chats.deleteProfile': (input) => {
      profiles.delete(input.id);
      return null;
    },
    'chats.testProfile': async (input) => ({ models: await listModels(profiles.connection(input.id)) }),
    'chats.list': (input) => chats.list(input.cardId),
    'chats.get': (input) => chats.get(input.id),
    'chats.save': (input) => chats.save(input),
    'chats.delete': (input) => {
      chats.delete(input.id);
      return null;
    },
    'chats.import': (input) => {
      const imported = importChat(input.text, input.format);
      return { chat: chats.save({ cardId: input.cardId, transcript: imported.value }), lost: imported.lost };
    },
    'chats.export': (input) => {
      const out = exportChat(validateTranscript(input.transcript), input.format);
      return { text: out.value, lost: out.lost };
    },
    'chats.prompt': async (input, options) => {
      const { plan } = await prepare(input, options.signal);
      return {
        request: plan.request,
        lore: plan.lore,
        parts: plan.prompt.parts,
        tokens: plan.prompt.tokens,
        loreReport: plan.loreReport,
        replaces: plan.replaces,
      };
    },
    'chats.send': async (input, options) => {
      if (input.profileId === undefined)
        throw new ApiError('bad_input', 'chats.send needs a connection profile ("profileId").', [
          { path: '/profileId', message: 'required to send' },
        ]);
      const { plan, connection, tokenizerName } = await prepare(input, options.signal);
      const tokenizer = await loadTokenizer(tokenizerName);
      const reply = await generate(connection!, plan, {
        tokenizer,
        signal: options.signal as AbortSignal | undefined,
        onToken: (token) => options.onProgress?.({ token }),
      });
      return {
        text: reply.text,
        stats: reply.stats,
        request: plan.request,
        lore: plan.lore,
        timedEffects: plan.timedEffects,
        replaces: plan.replaces,
      };
    },
  };
}
