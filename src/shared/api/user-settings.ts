import { z } from 'zod';

/** GET /api/user/settings response; PUT takes a partial of it. */
export interface UserSettings {
  /** Add the texts this user checks for plagiarism to the reference library (opt-in, default off). */
  shareSubmissions: boolean;
  /** Keep each check (tool, input, result, date) in the user's history at /history (opt-in, default off). */
  historyEnabled: boolean;
}

export const UserSettingsUpdate = z
  .object({
    shareSubmissions: z.boolean({ message: 'shareSubmissions must be true or false.' }).optional(),
    historyEnabled: z.boolean({ message: 'historyEnabled must be true or false.' }).optional(),
  })
  .strict();
export type UserSettingsUpdate = z.infer<typeof UserSettingsUpdate>;
