import { person, type Person } from '../messaging/fixture';
import type { TestServer } from '../support/test-server';

/** The people a record test meets besides its patients. */
export interface RecordCast {
  /** The doctor who comes to care for the test's patients. */
  doctor: Person;
  /** A doctor who never had a visit or an answer with them. */
  stranger: Person;
  /** The roles that have no access to records: manager, admin, researcher, superadmin. */
  staff: Person[];
}

export async function recordCast(server: TestServer): Promise<RecordCast> {
  const doctor = await person(server, 'doctor', { first: 'Ram', last: 'Thapa' });
  const stranger = await person(server, 'doctor', { first: 'Hari', last: 'Karki' });
  const staff = await Promise.all(
    (['manager', 'admin', 'researcher', 'superadmin'] as const).map((role) =>
      person(server, role, { first: role }),
    ),
  );
  return { doctor, stranger, staff };
}
