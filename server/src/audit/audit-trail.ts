import type { Role } from '@shared/role';
import type { Actor } from '../auth/actor';
import type { UnitOfWork } from '../db/unit-of-work';
import type { AuditAgent, AuditRecord, AuditRepository } from './audit-repository';

/** The actor as the trail names them: their account, role, address and for whom they acted. */
export function agentOf(actor: Actor): AuditAgent {
  return {
    id: actor.caller.id,
    role: actor.caller.role,
    address: actor.address,
    onBehalfOf: actor.onBehalfOf,
  };
}

/**
 * A registered system (SMART Backend Services) as the trail names it. No account acted, so the
 * agent has no id or role: wherever the trail's agent has an id it is an account's (the
 * superadmin's `?user=` and the e-mail beside each entry, the operators' `--user`), and a
 * client id there would read as one. The client is named in the entry's detail instead
 * (`smartClient`, indexed), where the superadmin's `?record=<client id>` finds it.
 */
export function systemAgentOf(
  clientId: string,
  address: string,
): { agent: AuditAgent; detail: { smartClient: string } } {
  return {
    agent: { id: null, role: null, address, onBehalfOf: null },
    detail: { smartClient: clientId },
  };
}

/** Staff are every role but patient: their reads of someone's records are recorded. */
export function isStaff(role: Role): boolean {
  return role !== 'patient';
}

/** Rows to one insert when reads are written together: well within a statement's parameters. */
const batchRows = 500;

/**
 * How the routes record what they do. A change and its entry are one unit of work:
 * both commit or neither does, so an entry never claims a change that did not happen
 * and no change goes unrecorded. A read is recorded before it is answered: a read that
 * cannot be recorded is not served.
 */
export function auditTrail(unitOfWork: UnitOfWork, audit: AuditRepository) {
  let batch: { entries: AuditRecord[]; written: Promise<void> } | undefined;

  /** Writes the batch's entries, a bounded number of rows to a statement. */
  async function writeAll(entries: readonly AuditRecord[]): Promise<void> {
    for (let start = 0; start < entries.length; start += batchRows) {
      await audit.recordAll(entries.slice(start, start + batchRows));
    }
  }

  return {
    /**
     * Runs `work` and records what `entriesOf` makes of its result, in one transaction.
     * `entriesOf` answers nothing when the work changed nothing (a repeated send, a move
     * another doctor made first).
     */
    change<T>(
      work: () => Promise<T>,
      entriesOf: (result: T) => AuditRecord | readonly AuditRecord[] | null,
    ): Promise<T> {
      return unitOfWork(async () => {
        const result = await work();
        const entries = entriesOf(result);
        for (const entry of entries === null ? [] : [entries].flat()) await audit.record(entry);
        return result;
      });
    },

    /** Records a read, or a refusal that changed nothing. */
    note(entry: AuditRecord): Promise<void> {
      return audit.record(entry);
    },

    /**
     * Records a read with every other read noted in the same turn of the event loop, in one
     * statement, and resolves once they are stored (or fails with them). A message pushed to
     * a thousand open streams is a thousand reads at one moment: written together, the last
     * stream does not wait for the 999 inserts before it. Only for reads outside a unit of
     * work: the batch is written after the turn that noted it.
     */
    noteTogether(entry: AuditRecord): Promise<void> {
      if (batch === undefined) {
        const entries: AuditRecord[] = [];
        const written = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          batch = undefined;
          return writeAll(entries);
        });
        batch = { entries, written };
      }
      batch.entries.push(entry);
      return batch.written;
    },

    /** Records a read that showed several records at once (a list): an entry for each. */
    noteEach(entries: readonly AuditRecord[]): Promise<void> {
      return audit.recordAll(entries);
    },

    /** A piece of work whose entries it writes itself (the account system's calls). */
    unitOfWork,
  };
}

export type AuditTrail = ReturnType<typeof auditTrail>;
