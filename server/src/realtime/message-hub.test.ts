import { describe, expect, it } from 'vitest';
import type { Message } from '@shared/messaging';
import type { Role } from '@shared/role';
import type { ConversationParties as ConversationFacts } from '../access/patient-access';
import type { MessagingRepository } from '../messaging/messaging-repository';
import { inProcessNotifications } from './in-process-notifications';
import { messageHub, type Subscriber } from './message-hub';

/** The stored messages a too-long announcement is read back from. */
function storedMessages(
  stored: Map<string, { message: Message; conversation: ConversationFacts }>,
) {
  return {
    messageForFanOut: (id: string) => Promise.resolve(stored.get(id) ?? null),
  } as unknown as MessagingRepository;
}

function listener(id: string, role: Role) {
  const received: string[] = [];
  const subscriber: Subscriber = {
    caller: {
      caller: { id, email: `${id}@example.com`, role },
      address: '127.0.0.1',
      onBehalfOf: null,
    },
    grant: null,
    message: (message) => received.push(message.id),
    gap: () => undefined,
  };
  return { id, subscriber, received };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const patientId = 'patient-1';
const direct: ConversationFacts = { participantIds: [patientId, 'doctor-1'], carePatientId: null };
const careTeam: ConversationFacts = { participantIds: [patientId], carePatientId: patientId };

/** Who is told about a message, by the conversation it was sent in. */
const announcementTable: { conversation: string; facts: ConversationFacts; told: string[] }[] = [
  { conversation: 'direct', facts: direct, told: ['patient-1', 'doctor-1'] },
  { conversation: 'care-team', facts: careTeam, told: ['patient-1', 'doctor-1', 'doctor-2'] },
];

describe('who is told about a new message', () => {
  const everyone = () => [
    listener('patient-1', 'patient'),
    listener('patient-2', 'patient'),
    listener('doctor-1', 'doctor'),
    listener('doctor-2', 'doctor'),
    listener('manager-1', 'manager'),
    listener('admin-1', 'admin'),
    listener('researcher-1', 'researcher'),
  ];

  for (const { conversation, facts, told } of announcementTable) {
    for (const content of ['short', 'स'.repeat(4000)]) {
      const size = content.length > 10 ? 'too long to announce whole' : 'announced whole';
      it(`tells ${told.join(', ')} of a message in a ${conversation} conversation, ${size}`, async () => {
        const message: Message = {
          id: 'message-1',
          conversationId: 'conversation-1',
          senderId: patientId,
          senderName: 'Sita Sharma',
          senderRole: 'patient',
          content,
          createdAt: new Date(0).toISOString(),
        };
        const hub = messageHub(
          inProcessNotifications(),
          storedMessages(new Map([[message.id, { message, conversation: facts }]])),
        );
        const listeners = everyone();
        for (const each of listeners) await hub.subscribe(each.subscriber);
        await hub.announce(message, facts);
        await settle();
        expect(listeners.filter((each) => each.received.length > 0).map((each) => each.id)).toEqual(
          told,
        );
        expect(listeners.every((each) => each.received.length <= 1)).toBe(true);
        await hub.close();
      });
    }
  }
});
