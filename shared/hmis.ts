import * as z from 'zod/mini';

/**
 * The monthly report Nepal's HMIS (DHIS2) takes: per clinic and BS month, consultations by
 * sex and age band, and patients new or coming back. `GET /api/hmis/report` previews it
 * with the `dataValueSet` each clinic would send; `POST /api/hmis/report/send` posts them.
 */

/** The twelve BS months in order, as English writes them (Nepali names are in the web's strings). */
export const bsMonths = [
  'Baisakh',
  'Jestha',
  'Asar',
  'Shrawan',
  'Bhadra',
  'Asoj',
  'Kartik',
  'Mangsir',
  'Poush',
  'Magh',
  'Falgun',
  'Chaitra',
] as const;

/** Sex as the report counts it: the profile's gender; anything else is `unknown`. */
export const hmisSexes = ['female', 'male', 'other', 'unknown'] as const;
export type HmisSex = (typeof hmisSexes)[number];

/** Age bands at the visit; `unknown` when the profile gives neither a birth date nor an age. */
export const ageBands = ['<5', '5-14', '15-19', '20-59', '60+', 'unknown'] as const;
export type AgeBand = (typeof ageBands)[number];

/** What a refused period id is told. */
export const periodMessage =
  'Expected a Nepali month as YYYYMM in Bikram Sambat (e.g. 208307 for Kartik 2083) within the calendar tables.';

/**
 * A period id, `YYYYMM` with a month 01–12. Whether the year is in the BS tables is the
 * server's check (`parsePeriod` in `hmis-period.ts`), so the web app's bundle does without
 * the calendar.
 */
export const periodIdSchema = z.string().check(z.regex(/^\d{4}(0[1-9]|1[0-2])$/, periodMessage));

/** `GET /api/hmis/report`: the month; absent, the last complete one. */
export const reportQuerySchema = z.object({ period: z.optional(periodIdSchema) });

export const sendReportSchema = z.object({
  period: periodIdSchema,
  /** DHIS2 checks the data and answers what it would do, storing nothing. */
  dryRun: z.boolean(),
});
export type SendReport = z.infer<typeof sendReportSchema>;

const dataValueSchema = z.object({
  dataElement: z.string(),
  categoryOptionCombo: z.string(),
  value: z.string(),
});

/** DHIS2's `dataValueSet` JSON, one per organisation unit and period. */
export const dataValueSetSchema = z.object({
  dataSet: z.string(),
  period: z.string(),
  orgUnit: z.string(),
  completeDate: z.string(),
  dataValues: z.array(dataValueSchema),
});
export type DataValueSet = z.infer<typeof dataValueSetSchema>;

export const hmisCountsSchema = z.object({
  /** Finished visits, one cell per sex and age band, every cell present (0 included). */
  consultations: z.array(
    z.object({ sex: z.enum(hmisSexes), ageBand: z.enum(ageBands), value: z.number() }),
  ),
  total: z.number(),
  /** Patients seen in the month whose first finished visit ever is in it. */
  newPatients: z.number(),
  /** Patients seen in the month who had finished a visit before it. */
  followUpPatients: z.number(),
});
export type HmisCounts = z.infer<typeof hmisCountsSchema>;

export const reportClinicSchema = z.object({
  /** Null: visits whose doctor belongs to no clinic, shown and never sent. */
  clinic: z.nullable(z.object({ id: z.string(), name: z.string(), orgUnitCode: z.string() })),
  counts: hmisCountsSchema,
  dataValueSet: z.nullable(dataValueSetSchema),
});
export type ReportClinic = z.infer<typeof reportClinicSchema>;

export const hmisReportSchema = z.object({
  period: z.object({
    id: z.string(),
    year: z.number(),
    month: z.number(),
    name: z.string(),
    firstDay: z.string(),
    lastDay: z.string(),
  }),
  completeDate: z.string(),
  clinics: z.array(reportClinicSchema),
  /** Whether the server has a DHIS2 to send to (`DHIS2_URL`). */
  canSend: z.boolean(),
});
export type HmisReport = z.infer<typeof hmisReportSchema>;

export const importCountSchema = z.object({
  imported: z.number(),
  updated: z.number(),
  ignored: z.number(),
  deleted: z.number(),
});

/** What DHIS2 answered for one clinic's `dataValueSet`. */
export const importSummarySchema = z.object({
  clinicId: z.string(),
  clinicName: z.string(),
  orgUnit: z.string(),
  /** DHIS2's `status`: SUCCESS, WARNING or ERROR. */
  status: z.string(),
  description: z.nullable(z.string()),
  importCount: importCountSchema,
  conflicts: z.array(z.object({ object: z.string(), value: z.string() })),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const sendResultSchema = z.object({
  period: z.string(),
  dryRun: z.boolean(),
  summaries: z.array(importSummarySchema),
});
export type SendResult = z.infer<typeof sendResultSchema>;
