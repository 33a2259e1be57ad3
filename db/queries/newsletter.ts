// The newsletter's archive (docs/decisions/0107): the sent digest issues, as /newsletter/archive, /newsletter/{date},
// the feed and the sitemap read them. Only sent issues are public; their pages depend on NEWSLETTER_TAG, which a send
// names.
import { and, desc, eq } from 'drizzle-orm';
import { NEWSLETTER_TAG } from '../../lib/cache-tags';
import { type DigestContent, digestContentOf, digestItemCount } from '../../lib/digest';
import { readDb, type Database } from '../client';
import { readTags } from '../page-tags';
import { newsletterIssues } from '../schema';

export interface ArchivedIssue {
  issueDate: string;
  intro: string;
  sentAt: Date;
  content: DigestContent;
  items: number;
}

const SENT = eq(newsletterIssues.status, 'sent');

function archived(row: typeof newsletterIssues.$inferSelect): ArchivedIssue {
  const content = digestContentOf(row.content);
  return {
    issueDate: row.issueDate,
    intro: row.intro,
    sentAt: row.sentAt ?? row.updatedAt,
    content,
    items: digestItemCount(content),
  };
}

/** The sent issues, newest first; `limit` for the feed. */
export async function sentIssues(limit?: number, database: Database = readDb()): Promise<ArchivedIssue[]> {
  readTags([NEWSLETTER_TAG]);
  const query = database.select().from(newsletterIssues).where(SENT).orderBy(desc(newsletterIssues.issueDate));
  return (await (limit === undefined ? query : query.limit(limit))).map(archived);
}

/** One sent issue by its day; null for a day with none, or whose issue is not sent (a draft is nobody's to read). */
export async function sentIssue(issueDate: string, database: Database = readDb()): Promise<ArchivedIssue | null> {
  readTags([NEWSLETTER_TAG]);
  const [row] = await database
    .select()
    .from(newsletterIssues)
    .where(and(SENT, eq(newsletterIssues.issueDate, issueDate)));
  return row ? archived(row) : null;
}
