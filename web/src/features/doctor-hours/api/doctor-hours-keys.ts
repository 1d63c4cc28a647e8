/** Every doctor-hours query key starts with `doctor-hours`. */
export const doctorHoursKeys = {
  all: ['doctor-hours'] as const,
  doctors: () => ['doctor-hours', 'doctors'] as const,
  of: (doctorId: string) => ['doctor-hours', 'of', doctorId] as const,
};
