// GET /uploads/{path}: an uploaded image (a file, not JSON); the path is checked before the upload store (folder or bucket) is asked.
import { z } from 'zod';

export const uploadParamsSchema = z.object({ '*': z.string() });
