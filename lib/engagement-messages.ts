// What readers, members and admins are told about the newsletter, follows, saved tools, badges and the Premium
// benefits (docs/decisions/0105). One block per part; pure.
export const ENGAGE_MSG = {
  // --- newsletter (subscribing, confirming, preferences, unsubscribing) ---
  // --- digest (the admin Newsletter tab, the archive) ---
  digestTitle: 'The weekly digest',
  digestIssueTitle: (date: string) => `The weekly digest of ${date}`,
  digestArchiveIntro:
    "Every issue of the weekly digest: the tools our editors approved, re-reviews and score changes, tools that closed, and listings corrected after a reader's report.",
  digestArchiveEmpty: 'No issue has been sent yet.',
  digestApproved: 'New in the directory',
  digestRereviews: 'Re-reviewed',
  digestDiscontinued: 'Discontinued',
  digestCorrections: 'Corrected after a reader report',
  digestFollowUpdates: 'Updates to what you follow',
  digestScore: (score: number | null) => (score === null ? 'Not scored' : `Score ${score}/10`),
  digestScoreChange: (oldScore: number | null, newScore: number) =>
    oldScore === null || oldScore === newScore
      ? `Score ${newScore}/10, unchanged`
      : `Score changed from ${oldScore} to ${newScore}/10`,
  digestTestSubject: (subject: string) => `[Test] ${subject}`,
  digestNotDraft: 'The next issue is already scheduled or sent: unschedule it to draft it again.',
  digestNotFound: 'No such issue.',
  digestNotEditable: 'Only a draft or a scheduled issue can be changed.',
  digestNotScheduled: 'This issue is not scheduled.',
  digestThin: (items: number, min: number) =>
    `This week has ${items} news item${items === 1 ? '' : 's'}, fewer than ${min}: it rolls into the next issue instead of being sent.`,
  digestScheduleInPast: 'Choose a time that is still ahead.',
  digestScheduleOtherDay: (date: string) => `An issue is sent on its own day: choose a time on ${date} (UTC).`,
  digestScheduleInvalid: 'Choose a date and time to send it.',
  digestTestSent: (email: string) => `A test was sent to ${email}.`,
  digestDrafted: 'Drafted from the data',
  digestDraftFailed: 'Could not draft the issue',
  digestIntroSaved: 'Intro saved',
  digestIntroFailed: 'Could not save the intro',
  digestTestFailed: 'Could not send the test',
  digestScheduled: 'Issue scheduled',
  digestScheduleFailed: 'Could not schedule the issue',
  digestUnscheduled: 'Issue unscheduled',
  digestUnscheduleFailed: 'Could not unschedule the issue',
  digestPreviewFailed: 'Could not load the preview',
  digestNoDraft: 'No issue is being prepared. Draft the next one from the data.',
  // --- follow (follow, save, compare) ---
  // --- badges ---
  // --- premium benefits (featured slots, early access, account managers) ---
} as const;
