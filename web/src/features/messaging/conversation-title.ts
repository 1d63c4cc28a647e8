import type { TFunction } from 'i18next';
import { careTeamTitle, type Conversation } from '@shared/messaging';

/**
 * The name a conversation goes by: the patient's for the care team reading it, the
 * care team's in the reader's language, else its title or "Conversation".
 */
export function conversationTitle(
  conversation: Pick<Conversation, 'title' | 'isCareTeam' | 'patientName'>,
  t: TFunction,
): string {
  if (conversation.patientName) return conversation.patientName;
  if (conversation.isCareTeam && conversation.title === careTeamTitle)
    return t('messaging.careTeam');
  return conversation.title ?? t('messaging.defaultTitle');
}
