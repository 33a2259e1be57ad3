/** A tool's curator take as a comparison table shows it, or what it says when there is none yet. */
export const curatorTakeText = (text: string | null): string => text?.trim() || 'No review yet.';
