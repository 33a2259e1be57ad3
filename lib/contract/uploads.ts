// GET /uploads/{path}: an uploaded image (a file, not JSON); the path is checked against the uploads folder.
import { z } from 'zod';

export const uploadParamsSchema = z.object({ '*': z.string() });
