// Following tools and categories, saved tools, and the compare picker's calls (docs/decisions/0105). Placeholder: filled by the follow work.
import { Elysia } from 'elysia';

export const followRoutes = new Elysia({ name: 'follow-routes' });
