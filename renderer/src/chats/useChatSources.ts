/** What a test chat can draw on, loaded once per visit: the library's cards and books, connection profiles, presets. */
import { useEffect, useState } from 'react';
import type { CardSummary } from '../../../shared/library/types.ts';
import type { PresetInfo, ProfileRecord } from '../../../shared/api/methods/chats.ts';
import type { LorebookSummary } from '../../../shared/api/methods/lorebooks.ts';
import { useApi } from '../app/ApiContext.ts';

export function useChatSources(onError: (e: unknown) => void) {
  const api = useApi();
  const [cards, setCards] = useState<CardSummary[]>([]);
  const [books, setBooks] = useState<LorebookSummary[]>([]);
  const [profiles, setProfiles] = useState<{ profiles: ProfileRecord[]; presets: PresetInfo[] }>({
    profiles: [],
    presets: [],
  });
  useEffect(() => {
    api.invoke('cards.list', { limit: 1000, sort: 'name' }).then((r) => setCards(r.items), onError);
    api.invoke('lorebooks.list', { limit: 1000 }).then((r) => setBooks(r.items), onError);
    api.invoke('chats.profiles', {}).then(setProfiles, onError);
  }, [api, onError]);
  const setProfileList = (list: ProfileRecord[]): void => setProfiles((cur) => ({ ...cur, profiles: list }));
  return { cards, books, profiles: profiles.profiles, presets: profiles.presets, setProfileList };
}

export type ChatSources = ReturnType<typeof useChatSources>;
