/**
 * What the home's announcements card tells every patient about the clinic. The clinic's
 * hours are not here: they come from the doctors' saved hours (`GET /api/clinic/hours`).
 */
export const clinicAnnouncements = {
  eCheckInOpensMinutesBefore: 30,
} as const;
