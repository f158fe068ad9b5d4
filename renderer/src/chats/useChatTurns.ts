/**
 * How the open chat moves on: the prompt settings saved with it, the draft, sending, the other turn types
 * (continue, impersonate, swipe, regenerate), edits, and the exact prompt of the next turn.
 */
import { useState } from 'react';
import { appendMessage, deleteMessage, editMessage, selectSwipe } from '../../../shared/chat/transcript.ts';
import type { ProfileRecord } from '../../../shared/api/methods/chats.ts';
import { useApi } from '../app/ApiContext.ts';
import type { PromptView } from './PromptDialog.tsx';
import {
  defaultPanelSettings,
  panelFromTranscript,
  turnOptions,
  withPanelSettings,
  type PanelSettings,
} from './prompt-settings.ts';
import type { ChatChoices } from './useChatChoices.ts';
import type { useChatSession } from './useChatSession.ts';

export type RunType = 'continue' | 'impersonate' | 'swipe' | 'regenerate';

export function useChatTurns(
  session: ReturnType<typeof useChatSession>,
  cardId: number | null,
  choices: ChatChoices,
  profile: ProfileRecord | null,
  onError: (e: unknown) => void,
) {
  const api = useApi();
  const [draft, setDraft] = useState('');
  const tr = session.transcript;
  const characterName = tr?.character.name ?? '';
  const { profileId, persona, bookIds } = choices;

  // Prompt settings belong to the chat: read from its transcript, saved with it.
  const settings = tr ? panelFromTranscript(tr) : defaultPanelSettings;
  const setSettings = (next: PanelSettings) => {
    if (tr && cardId !== null) void session.persist(withPanelSettings(tr, next), cardId);
  };
  const ctx =
    cardId === null ? null : { cardId, profileId, persona, bookIds, options: turnOptions(settings, profile?.kind) };
  /** Saves an edit of the open chat. */
  const change = (edit: (transcript: NonNullable<typeof tr>) => NonNullable<typeof tr>): void => {
    if (ctx && tr) void session.persist(edit(tr), ctx.cardId);
  };

  const send = async () => {
    if (!ctx || !tr || !draft.trim()) return;
    const next = appendMessage(tr, 'user', persona.name, { text: draft });
    setDraft('');
    void session.persist(next, ctx.cardId);
    await session.generate(ctx, next, 'normal', characterName);
  };
  const run = async (type: RunType) => {
    if (!ctx || !tr) return;
    const text = await session.generate(ctx, tr, type, characterName);
    if (text !== null) setDraft(text);
  };
  const swipe = (index: number, direction: -1 | 1) => {
    if (!tr) return;
    const m = tr.messages[index]!;
    const target = m.swipe + direction;
    if (target < m.swipes.length) change((t) => selectSwipe(t, index, target));
    else void run('swipe');
  };
  const edit = (index: number, text: string) => change((t) => editMessage(t, index, text));
  const remove = (index: number) => change((t) => deleteMessage(t, index));

  /** The exact prompt the next turn would send, or null (the error reported) when it cannot be built. */
  const nextPrompt = async (): Promise<Omit<PromptView, 'title'> | null> => {
    if (!ctx || !tr) return null;
    try {
      const { options, ...rest } = ctx;
      const p = await api.invoke('chats.prompt', {
        ...rest,
        ...options,
        profileId: profileId ?? undefined,
        transcript: tr,
      });
      return { request: p.request, lore: p.lore, parts: p.parts, tokens: p.tokens, loreReport: p.loreReport };
    } catch (e) {
      onError(e);
      return null;
    }
  };

  return { characterName, settings, setSettings, draft, setDraft, send, run, swipe, edit, remove, nextPrompt };
}

export type ChatTurns = ReturnType<typeof useChatTurns>;
