// /badge/{slug}.svg: the badge a maker links back with (docs/decisions/0105). Placeholder: filled by the badge work.
import { Elysia } from 'elysia';

export const badgeRoutes = new Elysia({ name: 'badge-routes' });
