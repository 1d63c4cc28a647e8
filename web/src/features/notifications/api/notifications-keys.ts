/** The query keys of the notifications feature, in one place so writes can refresh reads. */
export const notificationsKeys = {
  settings: ['notifications', 'settings'] as const,
  records: ['notifications', 'records'] as const,
  publicKey: ['push', 'public-key'] as const,
};
