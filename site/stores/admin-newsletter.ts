// The admin Newsletter tab's data (docs/decisions/0107): the digest's issues, fetched only for those who manage the
// newsletter, and the tab's actions, each refreshing the list.
import { api, apiUrl, type Answer } from '../../lib/api-client';
import { keyFor } from './permission-key';
import { createFetcherStore, invalidateKeys } from './user';

export type NewsletterIssueRow = Answer<'GET /api/admin/newsletter/issues'>[number];
export type IssuePreview = Answer<'GET /api/admin/newsletter/issues/:id/preview'>;

const LIST_KEY = apiUrl('GET /api/admin/newsletter/issues');

export const $newsletterIssues = createFetcherStore<NewsletterIssueRow[]>([keyFor('manage:newsletter', LIST_KEY)]);

const refreshIssues = () => invalidateKeys(LIST_KEY);

/** "Draft from the data": the next issue's draft, made or refreshed. */
export async function draftFromData(): Promise<NewsletterIssueRow> {
  const issue = await api('POST /api/admin/newsletter/draft');
  refreshIssues();
  return issue;
}

export async function saveIntro(id: number, intro: string): Promise<NewsletterIssueRow> {
  const issue = await api('PATCH /api/admin/newsletter/issues/:id', { params: { id }, body: { intro } });
  refreshIssues();
  return issue;
}

export const previewIssue = (id: number): Promise<IssuePreview> =>
  api('GET /api/admin/newsletter/issues/:id/preview', { params: { id } });

export const sendTestToMe = (id: number) => api('POST /api/admin/newsletter/issues/:id/test', { params: { id } });

/** Schedules the issue at `scheduledFor` (ISO 8601). */
export async function scheduleIssue(id: number, scheduledFor: string): Promise<NewsletterIssueRow> {
  const issue = await api('POST /api/admin/newsletter/issues/:id/schedule', { params: { id }, body: { scheduledFor } });
  refreshIssues();
  return issue;
}

/** Sends the issue at once, dated today. */
export async function sendIssueNow(id: number): Promise<NewsletterIssueRow> {
  const issue = await api('POST /api/admin/newsletter/issues/:id/send-now', { params: { id } });
  refreshIssues();
  return issue;
}

export async function unscheduleIssue(id: number): Promise<NewsletterIssueRow> {
  const issue = await api('POST /api/admin/newsletter/issues/:id/unschedule', { params: { id } });
  refreshIssues();
  return issue;
}
