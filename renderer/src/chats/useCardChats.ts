/**
 * The card a test chat is about: its document, its saved chats and its linked books; picking it opens its newest
 * chat. The saved-chat list's actions (open, new, import, delete) live here too.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ChatSummary } from '../../../shared/api/methods/chats.ts';
import type { ChatLossItem } from '../../../shared/chat/types.ts';
import type { CardBookLink } from '../../../shared/api/methods/links.ts';
import { parseDocument } from '../../../shared/library/parse-document.ts';
import { useApi } from '../app/ApiContext.ts';
import type { Persona, useChatSession } from './useChatSession.ts';

interface PickedCard {
  id: number;
  document: unknown;
}

export function useCardChats(
  session: ReturnType<typeof useChatSession>,
  persona: Persona,
  onError: (e: unknown) => void,
) {
  const api = useApi();
  const [card, setCard] = useState<PickedCard | null>(null);
  const [chats, setChats] = useState<ChatSummary[]>([]);
  const [links, setLinks] = useState<CardBookLink[]>([]);
  const cardId = card?.id ?? null;

  // The card's linked books are scanned by every turn (the handler reads them); fetched here to show them.
  useEffect(() => {
    setLinks([]);
    if (cardId !== null) api.invoke('links.list', { cardId }).then(setLinks, onError);
  }, [api, cardId, onError]);

  const refreshChats = useCallback(
    (id: number) => api.invoke('chats.list', { cardId: id }).then(setChats, onError),
    [api, onError],
  );
  useEffect(() => {
    if (cardId !== null && session.chatId !== null) void refreshChats(cardId);
  }, [cardId, session.chatId, session.transcript, refreshChats]);

  const pickCard = async (id: number): Promise<void> => {
    const record = await api.invoke('cards.get', { id });
    const document = parseDocument(record.document, record.format);
    setCard({ id, document });
    const list = await api.invoke('chats.list', { cardId: id });
    setChats(list);
    if (list[0]) {
      const saved = await api.invoke('chats.get', { id: list[0].id });
      session.open(saved.id, saved.transcript);
    } else session.start(document, persona);
  };

  const openChat = (id: number): void => {
    api.invoke('chats.get', { id }).then((saved) => session.open(saved.id, saved.transcript), onError);
  };
  const newChat = (): void => {
    if (card) session.start(card.document, persona);
  };
  /** Opens the imported chat; `onLost` hears what the import could not keep (empty when nothing). */
  const importChat = (text: string, onLost: (lost: ChatLossItem[]) => void): void => {
    if (cardId === null) return;
    api.invoke('chats.import', { cardId, text }).then(({ chat, lost }) => {
      session.open(chat.id, chat.transcript);
      void refreshChats(cardId);
      onLost(lost);
    }, onError);
  };
  /** Deleting the open chat starts a new one. */
  const deleteChat = (id: number): void => {
    api.invoke('chats.delete', { id }).then(() => {
      if (cardId !== null) void refreshChats(cardId);
      if (id === session.chatId) newChat();
    }, onError);
  };

  return {
    cardId,
    card: card?.document ?? null,
    chats,
    chatId: session.chatId,
    links,
    pickCard,
    openChat,
    newChat,
    importChat,
    deleteChat,
  };
}

export type CardChats = ReturnType<typeof useCardChats>;
