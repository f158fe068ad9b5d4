/** The card a test chat is about: its document, its saved chats and its linked books; picking it opens its newest chat. */
import { useCallback, useEffect, useState } from 'react';
import type { ChatSummary } from '../../../shared/api/methods/chats.ts';
import type { CardBookLink } from '../../../shared/api/methods/links.ts';
import { parseDocument } from '../../../shared/library/parse-document.ts';
import { useApi } from '../app/ApiContext.ts';
import type { Persona, useChatSession } from './useChatSession.ts';

interface PickedCard {
  id: number;
  document: unknown;
}

export function useCardChats(session: ReturnType<typeof useChatSession>, onError: (e: unknown) => void) {
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

  const pickCard = async (id: number, persona: Persona): Promise<void> => {
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

  return { cardId, card: card?.document ?? null, chats, links, pickCard, refreshChats };
}
