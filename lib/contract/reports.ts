// Reader reports (docs/decisions/0101): POST /api/reports, open to everyone, and the admin Reports tab's calls.
import { z } from 'zod';
import { LISTING_MSG } from '../listing-messages';
import { REPORT_AGES, REPORT_REFERENCE_SHAPE, REPORT_RESOLUTIONS, REPORT_STATES, REPORT_TYPES } from '../reports';
import { TOOL_STATUSES } from '../tool-status';
import { idParamsSchema, personSchema, timestampSchema } from './common';

import { reportNote } from '../schemas';

export { reportSchema, type ReportInput } from '../schemas';

/** POST /api/reports's answer: the reference the reporter keeps (the same for a "+1" on an open report). */
export const reportSentSchema = z.strictObject({ reference: z.string() });
export type ReportSent = z.infer<typeof reportSentSchema>;

export const reportParamsSchema = idParamsSchema(LISTING_MSG.reportNotFound);

/** GET /api/admin/reports: open reports unless a state is asked for; every filter optional. */
export const adminReportsQuerySchema = z.object({
  type: z.enum(REPORT_TYPES, 'Unknown report type').optional(),
  state: z.enum([...REPORT_STATES, 'open', 'all'], 'Unknown report state').default('open'),
  age: z.enum(REPORT_AGES, 'Unknown age').optional(),
});
export type AdminReportsQuery = z.infer<typeof adminReportsQuerySchema>;

/** A report as the Reports tab shows it: never who reported, only how many and how many left an address. */
export const adminReportSchema = z.strictObject({
  id: z.number().int(),
  reference: z.string(),
  type: z.enum(REPORT_TYPES),
  details: z.record(z.string(), z.string()),
  message: z.string(),
  state: z.enum(REPORT_STATES),
  resolution: z.enum(REPORT_RESOLUTIONS).nullable(),
  note: z.string().nullable(),
  votes: z.number().int(),
  /** Voters who left an address to hear the outcome. */
  followers: z.number().int(),
  /** The reference of the report this one was merged into. */
  duplicateOf: z.string().nullable(),
  createdAt: timestampSchema,
  lastReportedAt: timestampSchema,
  acknowledgedAt: timestampSchema.nullable(),
  resolvedAt: timestampSchema.nullable(),
  handledBy: personSchema.nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/** The reports of one tool, newest report first; the groups with the most recent report first. */
export const adminReportGroupSchema = z.strictObject({
  tool: z.strictObject({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    url: z.string(),
    status: z.enum(TOOL_STATUSES),
  }),
  reports: z.array(adminReportSchema),
});
export type AdminReportGroup = z.infer<typeof adminReportGroupSchema>;

/** Acknowledging may say what happens next. */
export const acknowledgeReportSchema = z.object({ note: reportNote.optional() });

/** Resolving says how (dismissing is resolving as no-change or spam) and what was done. */
export const resolveReportSchema = z.object({
  resolution: z.enum(REPORT_RESOLUTIONS, LISTING_MSG.reportResolutionRequired),
  note: reportNote.min(1, LISTING_MSG.reportNoteRequired),
});
export type ResolveReportInput = z.infer<typeof resolveReportSchema>;

/** Merging names the open report of the same tool that this one repeats, by its reference. */
export const mergeReportSchema = z.object({
  into: z
    .string(LISTING_MSG.reportMergeTargetUnknown)
    .trim()
    .toUpperCase()
    .regex(REPORT_REFERENCE_SHAPE, LISTING_MSG.reportMergeTargetUnknown),
});
