/** What the home's announcements card tells every patient about the clinic (clinic time). */
export const clinicAnnouncements = {
  clinicHours: { opens: '7:30', closes: '19:00' },
  eCheckInOpensMinutesBefore: 30,
} as const;
