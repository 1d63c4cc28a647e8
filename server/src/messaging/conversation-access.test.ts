import { describe, expect, it } from 'vitest';
import { roles, type Role } from '@shared/role';
import {
  mayHaveCareTeamConversation,
  mayRead,
  mayWrite,
  type ConversationFacts,
} from './conversation-access';

const participant = 'participant-id';
const stranger = 'stranger-id';

const direct: ConversationFacts = { participantIds: [participant, 'other-id'], isCareTeam: false };
const careTeam: ConversationFacts = { participantIds: [participant], isCareTeam: true };

describe('who may read and write a conversation', () => {
  it.each(roles)('lets a %s who takes part read and write it', (role) => {
    for (const conversation of [direct, careTeam]) {
      expect(mayRead({ id: participant, role }, conversation)).toBe(true);
      expect(mayWrite({ id: participant, role }, conversation)).toBe(true);
    }
  });

  it.each(roles)('lets a %s who takes no part into a care-team one only as a doctor', (role) => {
    const caller = { id: stranger, role };
    expect(mayRead(caller, careTeam)).toBe(role === 'doctor');
    expect(mayWrite(caller, careTeam)).toBe(role === 'doctor');
  });

  it.each(roles)('keeps a %s who takes no part out of a direct one', (role) => {
    expect(mayRead({ id: stranger, role }, direct)).toBe(false);
    expect(mayWrite({ id: stranger, role }, direct)).toBe(false);
  });

  it('gives only a patient a care-team conversation of their own', () => {
    const allowed = roles.filter((role: Role) => mayHaveCareTeamConversation({ id: 'x', role }));
    expect(allowed).toEqual(['patient']);
  });
});
