import type { ClinicsRepository } from './clinics-repository';

/** The demo network's one clinic; its organisation unit is a placeholder, not a real DHIS2 one. */
export const demoClinic = { name: 'Sewa Virtual Clinic', orgUnitCode: 'DEMO-ORGUNIT-1' } as const;

/**
 * Puts the demo doctor and manager in the demo clinic, made once, while they belong to none,
 * and the demo admin, who manages its people: an operator's later choice stands.
 */
export async function seedDemoClinic(
  clinics: ClinicsRepository,
  staffIds: readonly string[],
  adminId: string | null = null,
): Promise<void> {
  const clinic =
    (await clinics.findByOrgUnit(demoClinic.orgUnitCode)) ??
    (await clinics.add(demoClinic)) ??
    (await clinics.findByOrgUnit(demoClinic.orgUnitCode));
  if (clinic === null) return;
  for (const id of staffIds) {
    if ((await clinics.clinicOf(id)) === null) await clinics.assign(id, clinic.id);
  }
  if (adminId !== null && (await clinics.clinicOf(adminId)) === null) {
    await clinics.placeAdmin(adminId, clinic.id);
  }
}
