// A Premium member's featured slots in the digest: the calendar, booking, moving, cancelling, the clicks. Placeholder: filled by the Premium benefits work.
import { Elysia } from 'elysia';

export const slotRoutes = new Elysia({ name: 'slot-routes' });
