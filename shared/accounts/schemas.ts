import * as v from 'valibot';
import { requiredText } from '../validation/text';
import { accountMessages } from './messages';

/** POST /accounts and PUT /accounts/:id. */
export const accountSchema = v.object({
  // The '' default makes a missing key fail with the Spanish message instead of valibot's English one.
  name: v.optional(requiredText(accountMessages.nombreRequerido, 120), ''),
});
export type AccountInput = v.InferOutput<typeof accountSchema>;

/** GET /accounts/:id/export: the file's format, a workbook unless asked otherwise. */
export const accountExportQuerySchema = v.object({
  formato: v.optional(v.picklist(['xlsx', 'json'], accountMessages.formatoExportacion), 'xlsx'),
});
export type AccountExportQuery = v.InferOutput<typeof accountExportQuerySchema>;
