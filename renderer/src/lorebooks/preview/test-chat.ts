/** A saved test chat (shared/chat/types.ts) as the preview's scratch chat. */
import type { Transcript } from '../../../../shared/chat/types.ts';
import type { PreviewMessage } from './scenario.ts';

/**
 * The shown swipe of each message, as SillyTavern would scan it: hidden messages and system notes are left out
 * of the prompt, so they are left out here too.
 */
export function chatFromTranscript(transcript: Transcript): PreviewMessage[] {
  return transcript.messages
    .filter((m) => !m.hidden && m.role !== 'system')
    .map((m) => ({ role: m.role === 'user' ? 'user' : 'char', text: (m.swipes[m.swipe] ?? m.swipes[0])?.text ?? '' }));
}
