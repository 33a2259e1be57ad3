// Sign-in calls: POST /api/register and /api/login (body: the form; answer: the signed-in user), POST /api/logout,
// Google's callback and the development demo logins.
import { z } from 'zod';

export { loginSchema, registerSchema, type LoginInput, type RegisterInput } from '../schemas';

/** GET /auth/google/callback: what Google sends back; anything missing or wrong sends the browser to /auth with a reason. */
export const googleCallbackQuerySchema = z.object({ code: z.string().optional(), state: z.string().optional() });

/** GET /auth/demo/{who}: the two demo accounts (development only); any other path is a 404. */
const DEMO_ACCOUNTS = ['admin', 'user'] as const;
export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];
export const demoParamsSchema = z.object({ who: z.enum(DEMO_ACCOUNTS, 'Not found') });
