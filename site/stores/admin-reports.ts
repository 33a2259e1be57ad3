// The admin Reports tab's data (docs/decisions/0101): the reports grouped by tool for the filters chosen, and the
// editors' steps, each refreshing the list. The link check and "mark discontinued" are the link-health and
// discontinued-tools calls, sent by their paths (their owners' contracts describe them).
import { atom, computed } from 'nanostores';
import { api, apiUrl, type Answer, type ApiRequest } from '../../lib/api-client';
import { send } from '../../lib/http';
import { can } from '../../lib/permissions';
import { $user, createFetcherStore, invalidateKeys } from './user';

export type AdminReportGroup = Answer<'GET /api/admin/reports'>[number];
export type AdminReport = AdminReportGroup['reports'][number];
export type ReportFilters = NonNullable<ApiRequest<'GET /api/admin/reports'>['query']>;

const REPORTS_KEY = apiUrl('GET /api/admin/reports');

/** The filters the tab shows: open reports of every type and age at first. */
export const $reportFilters = atom<ReportFilters>({ state: 'open' });

/** The groups for the filters chosen, fetched only for a user who may manage reports. */
export const $reportGroups = createFetcherStore<AdminReportGroup[]>([
  computed([$user, $reportFilters], ({ data }, filters) =>
    data && can(data, 'manage:reports') ? apiUrl('GET /api/admin/reports', { query: filters }) : null,
  ),
]);

const refresh = () => invalidateKeys((key) => key.startsWith(REPORTS_KEY));

export async function acknowledgeReport(id: number, note: string): Promise<AdminReport> {
  const report = await api('POST /api/admin/reports/:id/acknowledge', {
    params: { id },
    body: note ? { note } : {},
  });
  refresh();
  return report;
}

export async function resolveReport(
  id: number,
  body: ApiRequest<'POST /api/admin/reports/:id/resolve'>['body'],
): Promise<AdminReport> {
  const report = await api('POST /api/admin/reports/:id/resolve', { params: { id }, body });
  refresh();
  return report;
}

export async function mergeReport(id: number, into: string): Promise<AdminReport> {
  const report = await api('POST /api/admin/reports/:id/merge', { params: { id }, body: { into } });
  refresh();
  return report;
}

/** Checks the tool's address now (the link-health work's call). */
export function recheckLink(toolId: number): Promise<unknown> {
  return send('POST', `/api/admin/link-health/${toolId}/recheck`);
}

/** Marks the tool discontinued with a reason (the discontinued-tools work's call). */
export async function markDiscontinued(toolId: number, reason: string): Promise<unknown> {
  const answer = await send('POST', `/api/admin/tools/${toolId}/discontinue`, { reason });
  refresh();
  return answer;
}
