/** The answer of every presigned upload URL call (the item form, return gifts, fan club posts). */
import * as z from 'zod/mini';

export const uploadUrlView = z.object({
  key: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  expires_in: z.int(),
  max_bytes: z.int(),
});
export type UploadUrlView = z.infer<typeof uploadUrlView>;
