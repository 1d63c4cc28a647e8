import * as z from 'zod/mini';
import { medicationSchema } from './medications';
import { carePermissionsSchema, relationships } from './care-permissions';
import { genders } from './profile';
import { vitalFlags, vitalsReadingSchema } from './vitals';

/**
 * The doctor's chart of a patient: who they are, their vitals, medications, visits and
 * documents, in one read (`GET /api/patients/:patientId/chart`).
 */

/** How many days of readings the chart's trend shows. */
export const chartTrendDays = 30;

const flagsSchema = z.array(z.enum(vitalFlags));

/** A measure's latest value, when it was taken, and the thresholds it passed. */
const latestMeasureSchema = z.object({
  value: z.number(),
  takenAt: z.string(),
  flags: flagsSchema,
});

/** A visit of the patient's with whoever saw them and what they wrote. Times are ISO strings. */
export const chartVisitSchema = z.object({
  id: z.string(),
  status: z.string(),
  reason: z.string(),
  doctorName: z.nullable(z.string()),
  startedAt: z.nullable(z.string()),
  endedAt: z.nullable(z.string()),
  summary: z.nullable(z.string()),
});
export type ChartVisit = z.infer<typeof chartVisitSchema>;

/** A photo or document the patient uploaded; `url` fetches it for the patient and the care team. */
export const chartDocumentSchema = z.object({
  id: z.string(),
  kind: z.literal('photo'),
  contentType: z.string(),
  createdAt: z.string(),
  url: z.string(),
});
export type ChartDocument = z.infer<typeof chartDocumentSchema>;

/** Someone who acts for the patient (FHIR: a RelatedPerson), as the doctor sees them. */
export const chartCarerSchema = z.object({
  name: z.string(),
  relationship: z.enum(relationships),
  /** A dependent's guardian, who acts for them in everything. */
  guardian: z.boolean(),
  permissions: carePermissionsSchema,
});
export type ChartCarer = z.infer<typeof chartCarerSchema>;

export const chartSchema = z.object({
  patient: z.object({
    id: z.string(),
    /** First and last name, else the e-mail's local part. */
    name: z.string(),
    /** Whole years in clinic time, from the date of birth, else the age given; null if unknown. */
    age: z.nullable(z.number()),
    gender: z.nullable(z.enum(genders)),
  }),
  vitals: z.object({
    latest: z.object({
      heartRate: z.optional(latestMeasureSchema),
      oxygenSaturation: z.optional(latestMeasureSchema),
      weight: z.optional(latestMeasureSchema),
      bloodPressure: z.optional(
        z.object({
          systolic: z.number(),
          diastolic: z.number(),
          takenAt: z.string(),
          flags: flagsSchema,
        }),
      ),
    }),
    /** The readings of the last `chartTrendDays` days, newest first. */
    recent: z.array(vitalsReadingSchema),
  }),
  /** Active ones first, then past ones, each with its adherence over the last 7 days. */
  medications: z.array(medicationSchema),
  /** Newest first. */
  visits: z.array(chartVisitSchema),
  /** Newest first. */
  documents: z.array(chartDocumentSchema),
  /** Who acts for the patient: caregivers they granted, and a guardian. */
  careCircle: z.array(chartCarerSchema),
});
export type Chart = z.infer<typeof chartSchema>;
export type ChartLatestVitals = Chart['vitals']['latest'];
