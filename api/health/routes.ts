// GET /healthz: the platform's health check (fly.toml), answered by every server process, replicas included:
// 200 when this machine can serve, 503 naming the failing checks otherwise (api/health/service.ts). The checks'
// detail (the lease holder's host name and PID, a database error's text) is for a session that may read the settings;
// anyone else, the platform included, gets the status alone.
import { Elysia } from 'elysia';
import { can } from '../../lib/permissions';
import { optionalUser } from '../plugins/auth';
import { checkHealth, type HealthReport } from './service';

/** Whether the caller may see the detail; a failing lookup (the database is down) is nobody. */
async function seesDetail(cookie: Parameters<typeof optionalUser>[0]): Promise<boolean> {
  const user = await optionalUser(cookie).catch(() => null);
  return user !== null && can(user, 'read:settings');
}

/** What anyone may read: whether the machine serves, and which check failed or warns, by name. */
const statusOf = ({ ok, failing, warnings }: HealthReport) => ({ ok, failing, warnings });

export function healthRoutes(options: Parameters<typeof checkHealth>[0] = {}) {
  return new Elysia().get(
    '/healthz',
    async ({ cookie, set }) => {
      const report = await checkHealth(options);
      set.status = report.ok ? 200 : 503;
      set.headers['cache-control'] = 'no-store';
      return (await seesDetail(cookie)) ? report : statusOf(report);
    },
    { detail: { hide: true } },
  );
}
