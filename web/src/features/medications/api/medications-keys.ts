export const medicationsKeys = {
  all: ['medications'] as const,
  of: (patientId: string) => ['medications', patientId] as const,
  doses: (patientId: string) => ['medications', patientId, 'doses'] as const,
  dosesOn: (patientId: string, day: string) => ['medications', patientId, 'doses', day] as const,
};
