import { z } from 'zod';

/**
 * Pieces every tool answer shares. The answers are zod schemas (not bare interfaces) so that the OpenAPI document
 * (src/server/openapi.ts) is generated from the same definitions the client's types come from.
 */

/** A visitor's anonymous allowance after the request; null for accounts (and for API keys, which act for an account). */
export const Allowance = z
  .object({
    used: z.number().int().min(0),
    limit: z.number().int().min(0),
  })
  .nullable()
  .describe("A visitor's anonymous allowance after this request (used and allowed today); null for accounts.");

/**
 * The text extracted from an uploaded .txt, .docx or .pdf (toolRoute adds it, always under this name): offsets in the
 * answer refer to it. Absent when the text was typed.
 */
export const ExtractedText = z
  .string()
  .optional()
  .describe('The text extracted from an uploaded file (offsets in the answer refer to it); absent when the text was sent as JSON.');
