import {
  smartClientsMessages,
  type NewSmartClient,
  type PublicJwk,
  type SmartClient,
  type SmartClientList,
} from '@shared/smart-clients';
import type { Actor } from '../auth/actor';
import { agentOf, type AuditTrail } from '../audit/audit-trail';
import { AppError } from '../http/app-error';
import { publicKeyOf } from './client-keys';
import { mayManageSmartClients } from './smart-access';
import type { SmartClientsRepository } from './smart-clients-repository';
import { unservedScopes } from './smart-scopes';

export interface SmartClientsServiceDeps {
  clients: SmartClientsRepository;
  trail: AuditTrail;
  /** The resource types the FHIR API serves: a scope may name only these (or `*`). */
  served: readonly string[];
}

function requireManager(actor: Actor): void {
  if (!mayManageSmartClients(actor)) {
    throw new AppError('forbidden', 'Only the superadmin registers systems.');
  }
}

const refused = (message: string) => new AppError('validation_failed', message);

/** The sent keys as they are kept (public members only), or the refusal that names the fault. */
async function publicKeysOf(sent: NewSmartClient['jwks']): Promise<PublicJwk[]> {
  const kids = sent.keys.map((key) => key.kid);
  if (new Set(kids).size !== kids.length) throw refused(smartClientsMessages.kidRepeated);
  const keys = await Promise.all(sent.keys.map((key) => publicKeyOf(key)));
  return keys.map((key, index) => {
    if (!('problem' in key)) return key;
    const which = ` (key ${kids[index]})`;
    throw refused(
      `${key.problem === 'private' ? smartClientsMessages.keyPrivate : smartClientsMessages.keyUnusable}${which}`,
    );
  });
}

/**
 * The superadmin's register of systems (SMART Backend Services): list, register, remove. Each
 * registration and removal is in the audit trail with its change.
 */
export function smartClientsService(deps: SmartClientsServiceDeps) {
  const { clients, trail, served } = deps;
  return {
    async list(actor: Actor): Promise<SmartClientList> {
      requireManager(actor);
      return { clients: await clients.list() };
    },

    async register(actor: Actor, sent: NewSmartClient): Promise<SmartClient> {
      requireManager(actor);
      const scopes = [...new Set(sent.scopes)];
      const unknown = unservedScopes(scopes, served);
      if (unknown.length > 0) {
        throw refused(`${smartClientsMessages.scopeUnknown} (${unknown.join(', ')})`);
      }
      const keys = await publicKeysOf(sent.jwks);
      return trail.change(
        () => clients.add({ name: sent.name, keys, scopes, createdBy: actor.caller.id }),
        (client) => ({
          type: 'smart-client-registered',
          agent: agentOf(actor),
          entity: { type: 'smart-client', id: client.id },
          detail: { name: client.name, scopes, kids: keys.map((key) => key.kid) },
        }),
      );
    },

    /** Removes the client: it gets no more tokens, and those it has stop working at once. */
    async remove(actor: Actor, clientId: string): Promise<void> {
      requireManager(actor);
      const removed = await trail.change(
        () => clients.remove(clientId, actor.caller.id),
        (client) =>
          client && {
            type: 'smart-client-removed',
            agent: agentOf(actor),
            entity: { type: 'smart-client', id: client.id },
            detail: { name: client.name },
          },
      );
      if (removed === null) throw new AppError('not_found', 'No such system client.');
    },
  };
}

export type SmartClientsService = ReturnType<typeof smartClientsService>;
