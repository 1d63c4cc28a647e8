/** The HMIS feature's query keys: the report by month, and the clinics. */
export const hmisKeys = {
  report: (period: string | undefined) => ['hmis', 'report', period ?? 'last'] as const,
  clinics: () => ['hmis', 'clinics'] as const,
};
