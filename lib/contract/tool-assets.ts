// POST /api/tools/{id}/images: an owner uploads a screenshot, logo or cover image for their premium tool, then names
// the answer's path in a change request (lib/premium-assets.ts).
import { z } from 'zod';
import { MSG } from '../messages';
import { TOOL_IMAGE_KINDS } from '../premium-assets';

export const toolImageFormSchema = z.object({
  image: z.instanceof(Blob, { error: MSG.postImageMissing }),
  kind: z.enum(TOOL_IMAGE_KINDS, MSG.toolImageKindUnknown),
});

/** Where the re-encoded image is served, e.g. /uploads/tools/<uuid>.webp. */
export const toolImageSchema = z.strictObject({ url: z.string() });
export type ToolImage = z.infer<typeof toolImageSchema>;
