// The admin Newsletter tab's calls: draft the weekly digest from the data, edit the intro, preview, send a test, schedule. Placeholder: filled by the digest work.
import { Elysia } from 'elysia';

export const adminNewsletterRoutes = new Elysia({ name: 'admin-newsletter-routes' });
