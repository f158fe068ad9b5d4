/**
 * One open test chat: the transcript, the generation in flight (streamed text, stop), and saving to the library.
 * Every generation first asks for the exact prompt, so even a stopped reply keeps the request and lore behind it.
 */
import { useCallback, useRef, useState } from 'react';
import type { SendOutput } from '../../../shared/api/methods/chats.ts';
import {
  addSwipe,
  appendMessage,
  createTranscript,
  extendMessage,
  replaceSwipe,
} from '../../../shared/chat/transcript.ts';
import type { TurnType } from '../../../shared/chat/turn.ts';
import type { GenerationStats, Swipe, Transcript } from '../../../shared/chat/types.ts';
import { characterFromCard } from '../../../shared/prompt/card.ts';
import { ApiError } from '../../../shared/errors.ts';
import { useApi } from '../app/ApiContext.ts';
import type { TurnOptions } from './prompt-settings.ts';

export interface Persona {
  name: string;
  description: string;
}

export interface SessionContext {
  cardId: number;
  profileId: string | null;
  persona: Persona;
  bookIds: number[];
  /** The prompt settings panel's choices (mode, template or Jinja, author's note, budget, parameters). */
  options: TurnOptions;
}

export interface Generation {
  type: TurnType;
  text: string;
  /** Where the streamed text will land: a message index, or null for a new message / the input box. */
  target: number | null;
}

function applyReply(
  t: Transcript,
  type: TurnType,
  replaces: number | null,
  swipe: Swipe,
  characterName: string,
): Transcript {
  if (type === 'swipe' && replaces !== null) return addSwipe(t, replaces, swipe);
  if (type === 'regenerate' && replaces !== null) return replaceSwipe(t, replaces, swipe);
  if (type === 'continue' && replaces !== null) return extendMessage(t, replaces, swipe.text, swipe.stats);
  return appendMessage(t, 'assistant', characterName, swipe);
}

export function useChatSession(onError: (e: unknown) => void) {
  const api = useApi();
  const [transcript, setTranscript] = useState<Transcript | null>(null);
  const [chatId, setChatId] = useState<number | null>(null);
  const [generation, setGeneration] = useState<Generation | null>(null);
  const controller = useRef<AbortController | null>(null);
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const idRef = useRef<number | null>(null);

  const persist = useCallback(
    (next: Transcript, cardId: number) => {
      setTranscript(next);
      // Saves run one after another so a new chat is created once and then updated.
      saving.current = saving.current.then(async () => {
        try {
          const saved = await api.invoke('chats.save', {
            ...(idRef.current ? { id: idRef.current } : { cardId }),
            transcript: next,
          });
          idRef.current = saved.id;
          setChatId(saved.id);
        } catch (e) {
          onError(e);
        }
      });
      return saving.current;
    },
    [api, onError],
  );

  const open = useCallback((id: number | null, value: Transcript | null) => {
    idRef.current = id;
    setChatId(id);
    setTranscript(value);
  }, []);

  const start = useCallback(
    (card: unknown, persona: Persona) => {
      open(
        null,
        createTranscript(characterFromCard(card), {
          name: persona.name,
          ...(persona.description ? { persona: persona.description } : {}),
        }),
      );
    },
    [open],
  );

  const generate = useCallback(
    async (ctx: SessionContext, base: Transcript, type: TurnType, characterName: string): Promise<string | null> => {
      if (!ctx.profileId) return null;
      const input = {
        cardId: ctx.cardId,
        profileId: ctx.profileId,
        transcript: base,
        persona: ctx.persona,
        bookIds: ctx.bookIds,
        type,
        ...ctx.options,
      };
      const abort = new AbortController();
      controller.current = abort;
      let streamed = '';
      try {
        const preview = await api.invoke('chats.prompt', input);
        setGeneration({ type, text: '', target: preview.replaces });
        let result: SendOutput | null = null;
        let stats: GenerationStats = { finishReason: 'stopped' };
        try {
          result = await api.invoke('chats.send', input, {
            signal: abort.signal,
            onProgress: (e) => {
              streamed += e.token;
              setGeneration({ type, text: streamed, target: preview.replaces });
            },
          });
          stats = result.stats;
        } catch (e) {
          // A stopped reply keeps what arrived, as SillyTavern does. Over HTTP the abort surfaces as the stream
          // reader's AbortError rather than a 'cancelled' reply, so the signal is what tells.
          if (!abort.signal.aborted || streamed === '') throw e;
        }
        const text = result?.text ?? streamed;
        if (type === 'impersonate') return text;
        const swipe: Swipe = {
          text,
          at: new Date().toISOString(),
          stats,
          lore: preview.lore,
          request: preview.request,
        };
        const next = applyReply(base, type, preview.replaces, swipe, characterName);
        await persist(result ? { ...next, timedEffects: result.timedEffects } : next, ctx.cardId);
        return null;
      } catch (e) {
        if (!abort.signal.aborted && !(e instanceof ApiError && e.code === 'cancelled')) onError(e);
        return null;
      } finally {
        controller.current = null;
        setGeneration(null);
      }
    },
    [api, onError, persist],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  return { transcript, chatId, generation, open, start, persist, generate, stop };
}
