import type { Migration } from 'kysely';
import * as mailOutbox from './0001-mail-outbox';
import * as accounts from './0002-accounts';
import * as profiles from './0003-profiles';
import * as rateLimits from './0004-rate-limits';
import * as uploads from './0005-uploads';
import * as messaging from './0006-messaging';
import * as confirmationLinks from './0007-confirmation-links';
import * as unverifiedPhoneNumbers from './0008-unverified-phone-numbers';
import * as visits from './0009-visits';
import * as auditEvents from './0010-audit-events';
import * as auditOnBehalfOf from './0011-audit-on-behalf-of';
import * as careRelationships from './0012-care-relationships';
import * as uploadIdsPerOwner from './0013-upload-ids-per-owner';
import * as observations from './0014-observations';
import * as medications from './0015-medications';
import * as appointments from './0016-appointments';
import * as figures from './0017-figures';
import * as notifications from './0018-notifications';
import * as careCircle from './0019-care-circle';
import * as dependentLogin from './0020-dependent-login';
import * as clinics from './0021-clinics';
import * as smartClients from './0022-smart-clients';
import * as notificationHandOver from './0023-notification-hand-over';
import * as structuredDoses from './0024-structured-doses';
import * as invitationSignUps from './0025-invitation-sign-ups';
import * as people from './0026-people';
import * as clinicSettings from './0028-clinic-settings';

/**
 * Every migration, in the order it runs. Listed by hand rather than read from
 * the folder so that the bundled server carries them without touching the disk.
 */
export const migrations: Record<string, Migration> = {
  '0001-mail-outbox': mailOutbox,
  '0002-accounts': accounts,
  '0003-profiles': profiles,
  '0004-rate-limits': rateLimits,
  '0005-uploads': uploads,
  '0006-messaging': messaging,
  '0007-confirmation-links': confirmationLinks,
  '0008-unverified-phone-numbers': unverifiedPhoneNumbers,
  '0009-visits': visits,
  '0010-audit-events': auditEvents,
  '0011-audit-on-behalf-of': auditOnBehalfOf,
  '0012-care-relationships': careRelationships,
  '0013-upload-ids-per-owner': uploadIdsPerOwner,
  '0014-observations': observations,
  '0015-medications': medications,
  '0016-appointments': appointments,
  '0017-figures': figures,
  '0018-notifications': notifications,
  '0019-care-circle': careCircle,
  '0020-dependent-login': dependentLogin,
  '0021-clinics': clinics,
  '0022-smart-clients': smartClients,
  '0023-notification-hand-over': notificationHandOver,
  '0024-structured-doses': structuredDoses,
  '0025-invitation-sign-ups': invitationSignUps,
  '0026-people': people,
  '0028-clinic-settings': clinicSettings,
};
