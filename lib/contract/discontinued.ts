// Discontinued tools (docs/decisions/0103): the admin's calls to mark a tool discontinued and to list it again. The
// answers are the tool's record (lib/contract/tools.ts), as the other moderation calls answer.
export { discontinueSchema, type DiscontinueInput } from '../schemas';
