// Subscribing (footer, /newsletter) and the confirmation POST. Placeholder: filled by the newsletter work.
import { Elysia } from 'elysia';

export const subscribeRoutes = new Elysia({ name: 'subscribe-routes' });
