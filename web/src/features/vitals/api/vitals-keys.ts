export const vitalsKeys = {
  all: ['vitals'] as const,
  of: (patientId: string) => ['vitals', patientId] as const,
};
