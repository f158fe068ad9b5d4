/** What the author picks for the next turns: the connection and persona (kept across visits) and the extra books. */
import { useState } from 'react';
import { useStoredState } from '../app/useStoredState.ts';
import type { Persona } from './useChatSession.ts';

const isPersona = (v: unknown): v is Persona =>
  typeof v === 'object' && v !== null && typeof (v as Persona).name === 'string';
const isProfileId = (v: unknown): v is string | null => v === null || typeof v === 'string';

export function useChatChoices() {
  const [profileId, setProfileId] = useStoredState<string | null>('lorewright.chatProfile', null, isProfileId);
  const [persona, setPersona] = useStoredState<Persona>(
    'lorewright.persona',
    { name: 'User', description: '' },
    isPersona,
  );
  const [bookIds, setBookIds] = useState<number[]>([]);
  return { profileId, setProfileId, persona, setPersona, bookIds, setBookIds };
}

export type ChatChoices = ReturnType<typeof useChatChoices>;
