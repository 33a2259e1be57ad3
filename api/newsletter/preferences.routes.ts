// The preference page's calls and RFC 8058 one-click unsubscribe, by the e-mail's token. Placeholder: filled by the newsletter work.
import { Elysia } from 'elysia';

export const preferenceRoutes = new Elysia({ name: 'preference-routes' });
