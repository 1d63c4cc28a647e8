import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ageBands, hmisSexes } from '@shared/hmis';
import defaultMapping from '../../hmis/mapping.json';

/** A DHIS2 id or code: letters, digits, dots, hyphens, underscores. */
const dhis2Id = z
  .string({ error: 'expected a DHIS2 id or code' })
  .regex(/^[A-Za-z0-9._-]{1,50}$/, 'expected a DHIS2 id or code (1 to 50 letters, digits, . - _)');

const bandCombos = z.object(
  Object.fromEntries(ageBands.map((band) => [band, dhis2Id])) as Record<
    (typeof ageBands)[number],
    typeof dhis2Id
  >,
);

/**
 * The HMIS mapping file (`HMIS_MAPPING`; the default is `server/hmis/mapping.json`, whose
 * codes are placeholders): the data set, each count's data element, and the category option
 * combination of each sex and age band. Organisation units are the clinics'.
 */
export const hmisMappingSchema = z.strictObject({
  dataSet: dhis2Id,
  /** How DHIS2 reads the ids below and the clinics' org units: its `idScheme`. */
  idScheme: z.enum(['UID', 'CODE']).default('UID'),
  dataElements: z.strictObject({
    consultations: dhis2Id,
    newPatients: dhis2Id,
    followUpPatients: dhis2Id,
  }),
  categoryOptionCombos: z.strictObject({
    /** For the counts without a disaggregation (new and follow-up patients). */
    default: dhis2Id,
    ...(Object.fromEntries(hmisSexes.map((sex) => [sex, bandCombos])) as Record<
      (typeof hmisSexes)[number],
      typeof bandCombos
    >),
  }),
});
export type HmisMapping = z.infer<typeof hmisMappingSchema>;

/** Why a mapping cannot be used, naming the field: `categoryOptionCombos.female.<5: …`. */
function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'not a mapping';
  const field = issue.path.map(String).join('.');
  return field === '' ? issue.message : `${field}: ${issue.message}`;
}

/** The mapping at `file` (the shipped default when absent), or a reason it cannot be used. */
export function loadHmisMapping(
  file: string | undefined,
): { mapping: HmisMapping } | { problem: string } {
  let raw: unknown = defaultMapping;
  if (file !== undefined) {
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      const why = error instanceof SyntaxError ? 'not JSON' : 'cannot be read';
      return { problem: `${file} ${why}` };
    }
  }
  const parsed = hmisMappingSchema.safeParse(raw);
  return parsed.success ? { mapping: parsed.data } : { problem: firstProblem(parsed.error) };
}
