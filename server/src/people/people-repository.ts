import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { shownAddress } from '@shared/auth';
import { clinicRoles, peoplePageSize, type Person, type PersonStatus } from '@shared/people';
import { defaultRole, roleSchema, type Role } from '@shared/role';
import type { Database } from '../db/schema';
import { displayName } from '../profiles/person-name';

/** What a list of people is narrowed to. */
export interface PeopleFilter {
  /** Only the people of this clinic (an admin's); null: everyone (the superadmin). */
  scope: string | null;
  q?: string | undefined;
  role?: Role | undefined;
  clinicId?: string | undefined;
  status?: PersonStatus | undefined;
  page?: number | undefined;
  /** One person (an account's id or an invitation's). */
  id?: string | undefined;
}

/** A pending invitation, as its link opens it. */
export interface OpenInvitation {
  id: string;
  email: string;
  role: Role;
  clinicId: string | null;
  clinicName: string | null;
  language: 'en' | 'ne';
  expiresAt: Date;
}

interface PersonRow {
  id: string;
  kind: 'account' | 'invitation';
  first_name: string | null;
  last_name: string | null;
  account_name: string | null;
  email: string;
  phone: string | null;
  role: string | null;
  clinic_id: string | null;
  clinic_name: string | null;
  status: PersonStatus;
  last_active: Date | string | null;
  second_factor: boolean;
  expires_at: Date | string | null;
}

const staffRoles = sql.join(clinicRoles.map((role) => sql.lit(role)));
const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** `%`, `_` and `\` of a search, matched as themselves. */
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** An account belongs to a clinic as its staff, or as a patient of one of its doctors. */
function accountOfClinic(clinicId: string): RawBuilder<boolean> {
  return sql<boolean>`(
    (p.role in (${staffRoles}) and p.clinic_id = ${clinicId})
    or exists (select 1 from appointments a join profiles d on d.id = a.doctor_id
      where a.patient_id = u.id and d.clinic_id = ${clinicId})
    or exists (select 1 from visits v join profiles d on d.id = v.doctor_id
      where v.patient_id = u.id and d.clinic_id = ${clinicId}))`;
}

function toPerson(row: PersonRow): Person {
  const role = roleSchema.safeParse(row.role).data ?? defaultRole;
  const email = shownAddress(row.email);
  return {
    id: row.id,
    kind: row.kind,
    name:
      row.kind === 'invitation'
        ? row.email
        : displayName(row.first_name, row.last_name, email, row.account_name || role),
    email,
    phone: row.phone,
    role,
    clinic: row.clinic_id && row.clinic_name ? { id: row.clinic_id, name: row.clinic_name } : null,
    status: row.status,
    lastActiveAt: iso(row.last_active),
    secondFactor: row.second_factor,
    expiresAt: iso(row.expires_at),
  };
}

/** People: accounts with their profile, standing and last activity, and staff invitations. */
export function peopleRepository(db: Kysely<Database>) {
  /** The accounts' and pending invitations' rows the filter keeps, as one relation. */
  function people(filter: PeopleFilter): RawBuilder<PersonRow> {
    const q = filter.q?.trim() ? likeOf(filter.q.trim()) : null;
    const accountWhere: RawBuilder<unknown>[] = [sql`true`];
    const invitationWhere: RawBuilder<unknown>[] = [
      sql`i.closed_at is null`,
      sql`i.expires_at > now()`,
    ];
    if (filter.scope !== null) {
      accountWhere.push(accountOfClinic(filter.scope));
      invitationWhere.push(sql`i.clinic_id = ${filter.scope}`);
    }
    if (filter.clinicId !== undefined) {
      accountWhere.push(accountOfClinic(filter.clinicId));
      invitationWhere.push(sql`i.clinic_id = ${filter.clinicId}`);
    }
    if (filter.role !== undefined) {
      accountWhere.push(sql`coalesce(p.role, ${defaultRole}) = ${filter.role}`);
      invitationWhere.push(sql`i.role = ${filter.role}`);
    }
    if (filter.status === 'invited') accountWhere.push(sql`false`);
    if (filter.status === 'active') {
      accountWhere.push(sql`p.deactivated_at is null`);
      invitationWhere.push(sql`false`);
    }
    if (filter.status === 'deactivated') {
      accountWhere.push(sql`p.deactivated_at is not null`);
      invitationWhere.push(sql`false`);
    }
    if (filter.id !== undefined) {
      accountWhere.push(sql`u.id = ${filter.id}`);
      invitationWhere.push(sql`i.id::text = ${filter.id}`);
    }
    if (q !== null) {
      accountWhere.push(sql`(concat_ws(' ', p.first_name, p.last_name) ilike ${q}
        or u.name ilike ${q} or u.email ilike ${q} or u."phoneNumber" ilike ${q})`);
      invitationWhere.push(sql`i.email ilike ${q}`);
    }
    return sql<PersonRow>`(
      select u.id, 'account' as kind, p.first_name, p.last_name, u.name as account_name,
        u.email, case when u."phoneNumberVerified" then u."phoneNumber" end as phone,
        coalesce(p.role, ${defaultRole}) as role, p.clinic_id,
        case when p.deactivated_at is null then 'active' else 'deactivated' end as status,
        (select max(greatest(s."updatedAt", sa.seen_at)) from session s
          left join session_activity sa on sa.session_id = s.id
          where s."userId" = u.id) as last_active,
        coalesce(u."twoFactorEnabled", false) as second_factor,
        null::timestamptz as expires_at
      from "user" u left join profiles p on p.id = u.id
      where ${sql.join(accountWhere, sql` and `)}
      union all
      select i.id::text, 'invitation', null, null, null, i.email, null, i.role, i.clinic_id,
        'invited', null, false, i.expires_at
      from staff_invitations i
      where ${sql.join(invitationWhere, sql` and `)})`;
  }

  return {
    /** A page of the people the filter keeps, by name, and how many it keeps in all. */
    async list(filter: PeopleFilter): Promise<{ people: Person[]; total: number }> {
      const page = filter.page ?? 1;
      const [rows, count] = await Promise.all([
        sql<PersonRow>`select x.*, c.name as clinic_name from ${people(filter)} x
          left join clinics c on c.id = x.clinic_id
          order by lower(coalesce(nullif(concat_ws(' ', x.first_name, x.last_name), ''),
            nullif(x.account_name, ''), x.email)), x.id
          limit ${peoplePageSize} offset ${(page - 1) * peoplePageSize}`.execute(db),
        sql<{ total: string | number }>`select count(*) as total from ${people(filter)} x`.execute(
          db,
        ),
      ]);
      return { people: rows.rows.map(toPerson), total: Number(count.rows[0]?.total ?? 0) };
    },

    /** One person as the list shows them, within the scope; null when out of it or unknown. */
    async find(id: string, scope: string | null): Promise<Person | null> {
      const { people: found } = await this.list({ scope, id });
      return found.find((person) => person.kind === 'account' && person.id === id) ?? null;
    },

    /** How many superadmins may still sign in. */
    async activeSuperadmins(): Promise<number> {
      const row = await db
        .selectFrom('profiles')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('role', '=', 'superadmin')
        .where('deactivated_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** Whether the account may not sign in: an admin deactivated it. */
    async isDeactivated(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('profiles')
        .select('deactivated_at')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.deactivated_at != null;
    },

    /** Deactivates (a time) or reactivates (null); false when nothing changed. */
    async setDeactivated(userId: string, at: Date | null): Promise<boolean> {
      const row = await db
        .insertInto('profiles')
        .values({ id: userId, deactivated_at: at })
        .onConflict((conflict) =>
          conflict
            .column('id')
            .doUpdateSet({ deactivated_at: at, updated_at: new Date() })
            .where('profiles.deactivated_at', at === null ? 'is not' : 'is', null),
        )
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A new role and clinic for the account. */
    async place(userId: string, role: Role, clinicId: string | null): Promise<void> {
      await db
        .insertInto('profiles')
        .values({ id: userId, role, clinic_id: clinicId })
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet({ role, clinic_id: clinicId, updated_at: new Date() }),
        )
        .execute();
    },

    /** The name an invited person gave as they accepted. */
    async name(userId: string, firstName: string, lastName: string | null): Promise<void> {
      await db
        .updateTable('profiles')
        .set({ first_name: firstName, last_name: lastName, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
    },

    /** Ends every session of the account: its cookies and the JWTs made from them stop working. */
    async endSessions(userId: string): Promise<void> {
      await db.deleteFrom('session').where('userId', '=', userId).execute();
    },

    /** Whether an account has this address (stored in lower case). */
    async hasAccount(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('user')
        .select('id')
        .where('email', '=', email.trim().toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A new invitation; any still pending to the same address is closed, replaced by it. */
    async addInvitation(invitation: {
      email: string;
      role: Role;
      clinicId: string | null;
      language: 'en' | 'ne';
      tokenHash: string;
      invitedBy: string;
      expiresAt: Date;
    }): Promise<string> {
      const email = invitation.email.trim().toLowerCase();
      await db
        .updateTable('staff_invitations')
        .set({ closed_at: new Date() })
        .where('email', '=', email)
        .where('closed_at', 'is', null)
        .execute();
      const id = randomUUID();
      await db
        .insertInto('staff_invitations')
        .values({
          id,
          email,
          role: invitation.role,
          clinic_id: invitation.clinicId,
          language: invitation.language,
          token_hash: invitation.tokenHash,
          invited_by: invitation.invitedBy,
          expires_at: invitation.expiresAt,
        })
        .execute();
      return id;
    },

    /** The invitation of this token while it is pending and has not expired; else null. */
    async openInvitation(tokenHash: string): Promise<OpenInvitation | null> {
      const row = await db
        .selectFrom('staff_invitations as i')
        .leftJoin('clinics as c', 'c.id', 'i.clinic_id')
        .select([
          'i.id',
          'i.email',
          'i.role',
          'i.clinic_id',
          'c.name',
          'i.language',
          'i.expires_at',
        ])
        .where('i.token_hash', '=', tokenHash)
        .where('i.closed_at', 'is', null)
        .where('i.expires_at', '>', new Date())
        .executeTakeFirst();
      if (!row) return null;
      return {
        id: row.id,
        email: row.email,
        role: roleSchema.safeParse(row.role).data ?? defaultRole,
        clinicId: row.clinic_id,
        clinicName: row.name,
        language: row.language === 'ne' ? 'ne' : 'en',
        expiresAt: new Date(row.expires_at),
      };
    },

    /** Closes the invitation as accepted by the account; false when it was closed meanwhile. */
    async acceptInvitation(id: string, userId: string): Promise<boolean> {
      const row = await db
        .updateTable('staff_invitations')
        .set({ closed_at: new Date(), accepted_by: userId })
        .where('id', '=', id)
        .where('closed_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type PeopleRepository = ReturnType<typeof peopleRepository>;
