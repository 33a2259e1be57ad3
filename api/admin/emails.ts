// The e-mails moderation decisions send: to a tool's submitter and to a change request's requester.
import type { Tool, User } from '../../db/schema';
import { PUBLIC_TOOL_STATUS } from '../../lib/tool-status';
import { simpleEmail, type Email } from '../services/email';
import { config } from '../config';

type Recipient = Pick<User, 'email' | 'firstName'>;

const greeting = (user: Recipient) => `Hi ${user.firstName?.trim() || 'there'},`;
const toolLink = (tool: Pick<Tool, 'slug'>) => `${config.siteUrl}/tool/${tool.slug}`;

export function toolApprovedEmail(user: Recipient, tool: Pick<Tool, 'name' | 'slug'>): Email {
  return simpleEmail(user.email, 'tool-approved', `${tool.name} is now live in the directory`, [
    greeting(user),
    `Good news: our editors approved ${tool.name}. It is now listed in the directory.`,
    `See it here: ${toolLink(tool)}`,
  ]);
}

export function toolRejectedEmail(user: Recipient, tool: Pick<Tool, 'name'>, reason: string): Email {
  return simpleEmail(user.email, 'tool-rejected', `Your submission ${tool.name} was not approved`, [
    greeting(user),
    `Thank you for submitting ${tool.name}. After review, our editors decided not to list it.`,
    `Reason: ${reason}`,
    'You are welcome to submit it again once the points above are addressed.',
  ]);
}

export function changeRequestApprovedEmail(user: Recipient, tool: Pick<Tool, 'name' | 'slug' | 'status'>): Email {
  const paragraphs = [greeting(user), `The changes you requested to ${tool.name} were approved and applied.`];
  if (tool.status === PUBLIC_TOOL_STATUS) paragraphs.push(`See the listing: ${toolLink(tool)}`);
  return simpleEmail(user.email, 'change-request-approved', `Your changes to ${tool.name} were approved`, paragraphs);
}

export function changeRequestRejectedEmail(user: Recipient, tool: Pick<Tool, 'name'>, reason: string | null): Email {
  const paragraphs = [greeting(user), `The changes you requested to ${tool.name} were not approved; the listing stays as it is.`];
  if (reason) paragraphs.push(`Reason: ${reason}`);
  return simpleEmail(user.email, 'change-request-rejected', `Your changes to ${tool.name} were not approved`, paragraphs);
}
