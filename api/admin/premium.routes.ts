// The admin Premium tab's calls: early-access flags, account managers, featured slots. Placeholder: filled by the Premium benefits work.
import { Elysia } from 'elysia';

export const adminPremiumRoutes = new Elysia({ name: 'admin-premium-routes' });
