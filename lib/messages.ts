// Every message a user can see that SPEC.md spells out, written once for islands and API.
import { PRICING_MODELS } from './categories';
import { DIRECTORY_SORTS } from './directory';
export const MSG = {
  // Submission form (section 5)
  toolNameRequired: 'Tool name is required',
  toolNameTooLong: 'Tool name must be less than 255 characters',
  invalidUrl: 'Please enter a valid URL',
  urlTooLong: 'URL must be less than 500 characters',
  descriptionTooShort: 'Description must be at least 10 characters',
  descriptionTooLong: 'Description must be less than 1000 characters',
  categoryRequired: 'Please select at least one category',
  fileTooLargeTitle: 'File Too Large',
  fileTooLarge: 'Please select an image smaller than 2MB',
  // Login and registration
  invalidEmail: 'Invalid email address',
  passwordTooShort: 'Password must be at least 6 characters',
  // Editorial review
  curatorTakeRequired: 'Curator take is required.',
  qualityScoreRange: 'Quality score must be between 1 and 10.',
  // Not spelled out by the spec, but shown to users (docs/decisions/0004-error-messages.md)
  emailTaken: 'An account with this email already exists',
  wrongCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  accountBanned: 'This account has been banned',
  accountSuspended: 'This account is suspended',
  foreignOrigin: 'Cross-site request refused',
  unauthorized: 'Unauthorized',
  malformedBody: 'Malformed request body',
  bodyTooLarge: 'Request body too large',
  bodyTooDeep: 'Request body nests too deeply',
  forbidden: 'Forbidden',
  /** A call that needs a verified address (claiming a listing, ...), made by a member whose address is not (requireVerifiedEmail). */
  emailVerificationRequired:
    'Verify your email address first: enter the code we e-mailed you at /auth/verify, or send a new one from your Account settings.',
  // Catalogue API (GET /api/tools, /api/blog/posts)
  invalidLimit: 'limit must be a whole number from 1 to 100',
  invalidOffset: 'offset must be a whole number of 0 or more',
  unknownCategory: 'Unknown category',
  unknownPricing: `pricing must be one of: ${PRICING_MODELS.join(', ')}`,
  invalidMinRating: 'minRating must be a whole number from 1 to 10',
  invalidIncludeDiscontinued: 'includeDiscontinued must be true or false',
  unknownSort: `sort must be one of: ${DIRECTORY_SORTS.join(', ')}`,
  tooManyValues: 'A filter takes at most 20 values',
  searchTooLong: 'Search text must be at most 200 characters',
  searchRequired: 'Search text is required',
  toolNotFound: 'Tool not found',
  postNotFound: 'Post not found',
  // Blog CMS: featured images and categories
  postImageWrongType: 'Featured image must be a PNG or JPG image',
  postImageTooManyPixels: 'Featured image dimensions are too large. Please use an image under 40 megapixels',
  postImageUnreadable: 'The featured image could not be read. Please choose another PNG or JPG file',
  postImageMissing: 'Choose an image to upload',
  postImageNotFound: 'The featured image was not found. Please upload it again',
  postCategoryUnknown: (categories: readonly string[]) => `Category must be one of: ${categories.join(', ')}`,
  // Submissions, logos and change requests
  logoWrongTypeTitle: 'Unsupported File',
  logoWrongType: 'Logo must be a PNG or JPG image',
  logoTooManyPixels: 'Logo image dimensions are too large. Please use an image under 40 megapixels',
  logoUnreadable: 'The logo image could not be read. Please choose another PNG or JPG file',
  expectedMultipart: 'The submission must be sent as a multipart form',
  premiumRequiresMembership: 'Premium submissions require a Premium membership',
  premiumQuotaUsed: 'You have used all your premium tool submissions',
  toolAlreadyListed: (name: string) => `This tool is already listed in the directory as "${name}"`,
  toolAlreadyPending: (name: string) => `This tool is already awaiting review as "${name}"`,
  changeRequestNotApproved: 'Only approved tools can be edited',
  changeRequestPending: 'This tool already has a pending change request',
  noChanges: 'No changes to submit',
  // Premium assets and branding of a premium tool (issue 12 B)
  premiumAssetsNeedPremiumTool:
    'Screenshots, a demo video, a new logo and branding are available for Premium listings only',
  tooManyScreenshots: 'A Premium listing can have at most 6 screenshots',
  imageAddressInvalid: (field: string) => `${field} must be an https address or an uploaded image`,
  premiumAssetsNoLongerPremium:
    'This tool is no longer a Premium listing, so its premium changes cannot be applied. Reject the request instead',
  videoHostUnsupported: 'The demo video must be a YouTube or Vimeo link',
  brandColorInvalid: 'Brand colour must be a hex colour like #1a2b3c',
  logoMustBeUploaded: 'Upload the new logo as a PNG or JPG file',
  toolImageKindUnknown: 'Image kind must be screenshot, logo or cover',
  toolImageWrongType: 'Image must be a PNG or JPG file',
  toolImageTooManyPixels: 'Image dimensions are too large. Please use an image under 40 megapixels',
  toolImageUnreadable: 'The image could not be read. Please choose another PNG or JPG file',
  toolImageNotFound: 'An uploaded image was not found. Please upload it again',
  toolImagesPerHour: 'You have uploaded too many images in the last hour. Please try again later.',
  // Approving a screenshot or cover given by address: it is copied to our uploads first (docs/decisions/0067)
  remoteImageNotCopied: (address: string, why: string) =>
    `The image ${address} could not be copied (${why}), so nothing was changed. Reject the request or ask the owner to upload the image`,
  remoteImageFailures: {
    address: 'its server is not on the public internet',
    protocol: 'it is not a web address',
    redirects: 'it redirects too many times',
    'off-site': 'it redirects to another site',
    timeout: 'its server did not answer in time',
    'too-large': 'it is larger than 2MB',
    dns: 'its name could not be resolved',
    tls: 'its certificate was refused',
    network: 'its server could not be reached',
  },
  remoteImageStatus: (status: number) => `its server answered ${status}`,
  uploadsUnavailable: 'Uploads cannot be stored right now. Please try again later.',
  // Text input hygiene (docs/decisions/0025-text-input.md); `field` is the label the form shows
  controlCharacters: (field: string) => `${field} must not contain invisible control characters`,
  textTooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  tooManyItems: (field: string, max: number) => `${field} can have at most ${max} items`,
  submissionsPerHour: 'You have sent too many submissions in the last hour. Please wait an hour and try again.',
  submissionsPerDay: 'You have reached the daily limit of submissions. Please try again tomorrow.',
  tooManyPending: (count: number) =>
    `You already have ${count} tools awaiting review. Please wait for a decision before submitting more.`,
  // Admin API (docs/decisions: admin API)
  onlyPendingApproved: 'Only pending tools can be approved',
  onlyPendingRejected: 'Only pending tools can be rejected',
  onlyPendingEdited: 'Only a submission awaiting review can be edited; ask for changes to a listed tool instead',
  onlyRejectedResubmitted: 'Only a rejected submission can be resubmitted',
  rejectedToolNotEditable: 'Rejected tools cannot be edited',
  premiumNeedsApprovedTool: 'Premium can only be changed on approved tools',
  onlyApprovedUnlisted: 'Only approved tools can be unlisted',
  onlyUnlistedListed: 'Only unlisted tools can be listed again',
  reviewNeedsApprovedTool: 'Follow-up reviews can only be added to approved tools',
  // Curated alternatives (docs/decisions/0045)
  alternativeIdsInvalid: 'Alternatives must be a list of tool ids',
  alternativesTooMany: (max: number) => `At most ${max} alternatives can be picked`,
  alternativesRepeated: 'Each alternative can be picked once',
  alternativeIsSelf: 'A tool cannot be its own alternative',
  alternativeNotPublic: 'Alternatives must be approved, listed tools',
  changeRequestNotFound: 'Change request not found',
  changeRequestAlreadyDecided: 'Only pending change requests can be approved or rejected',
  userNotFound: 'User not found',
  suspensionNeedsReason: 'A suspension needs a reason',
  suspensionNeedsFutureEnd: 'A suspension needs an end date in the future',
  banNeedsReason: 'A ban needs a reason',
  lastAdmin: 'Cannot remove the last admin',
  cannotBlockSelf: 'You cannot suspend or ban your own account',
  // Who may change roles and the admin flag, and self-moderation (docs/decisions/0023-roles-and-admin-flag.md)
  rolesNeedAdmin: 'Only an administrator (isAdmin) can change roles and the admin flag',
  adminAccountNeedsAdmin: "Only an administrator (isAdmin) can change an administrator's account",
  cannotChangeOwnRole: 'You cannot change your own role or admin flag',
  ownToolModeration: 'You cannot approve, score, list, change premium on or approve changes to a tool you submitted',
  ownToolAlternatives:
    'You cannot pick alternatives for a tool you submitted, nor pick a tool you submitted as an alternative',
  contentRequired: 'Content is required',
  postSlugTaken: 'A post with this slug already exists',
  // The contact form and the admin's Messages tab (docs/decisions/0056-contact-messages.md)
  contactNameRequired: 'Please enter your name',
  contactTopicRequired: 'Please choose a topic',
  contactMessageTooShort: 'Message must be at least 10 characters',
  contactMessageTooLong: 'Message must be at most 5000 characters',
  contactTooMany: 'You have sent several messages in the last hour. Please wait an hour, or write to us by e-mail.',
  contactMessageNotFound: 'Message not found',
  outboxDevelopmentOnly: 'The outbox is listed in development mode only',
  // Rebuild Now in Settings (docs/decisions/0007-site-rebuilds.md)
  rebuildQueued: 'Site rebuild queued',
  // Billing (docs/decisions/0052-premium-billing.md)
  alreadyPremium: 'Your account is already Premium',
  paymentsNotConfigured: 'Payments are not configured',
  noMembershipToManage: 'You have no Premium membership to manage',
  noStripeCustomer:
    'Your Premium membership was not bought through Stripe, so there is no subscription to manage. Please contact support.',
  // A write met the database locked by another process (a seed, a migration) for the whole retry window (docs/decisions/0009)
  /** 429 for a client past its budget of pages rendered on request (docs/decisions/0064). */
  tooManyPageRenders: 'Too many pages requested in a short time. Please wait a moment and try again.',
  databaseBusy: 'The site is busy for a moment. Please try again in a few seconds.',
  // Tool performance metrics (docs/decisions/0054-tool-metrics.md)
  metricsBeaconInvalid: 'A beacon names a tool id and a kind (view or click)',
  metricsDays: 'days must be 30 or 90',
  metricsTooManyBeacons: 'Too many requests. Please try again later.',
} as const;

/** Toasts of SPEC.md section 8: title and description. */
export const TOAST = {
  unauthorized: { title: 'Unauthorized', description: 'You are logged out. Logging in again...' },
  adminUnauthorized: { title: 'Unauthorized', description: 'Unauthorized: You are logged out. Logging in again...' },
  adminRequired: { title: 'Unauthorized', description: 'Admin access required. Redirecting...' },
  // A session cut because the account was suspended or banned: the description is the reason (docs/decisions/0010)
  signedOutBlocked: 'You have been signed out',
  upgradeFailed: 'Upgrade Failed',
  upgradeFailedFallback: 'Failed to start upgrade process. Please try again.',
  upgradeNeedsConfiguration: 'Payment system needs configuration. Please contact support.',
  upgradeMockSuccess: {
    title: 'Premium Upgrade Successful!',
    description: 'Your account has been upgraded to Premium (Development Mode)',
  },
  portalFailed: 'Could not open subscription management',
  membershipCancelled: {
    title: 'Premium cancelled',
    description: 'Your Premium membership has ended (Development Mode)',
  },
  submissionFailed: 'Submission Failed',
  submissionFailedFallback: 'Failed to submit tool. Please try again.',
  submissionSaved: {
    title: 'Changes Saved',
    description: 'Your submission is still awaiting review, with your changes.',
  },
  resubmitted: {
    title: 'Tool Resubmitted!',
    description: "Your tool is back in the review queue. You'll receive an email notification with the decision.",
  },
  submitted: {
    title: 'Tool Submitted!',
    description: "Your tool has been submitted for review. You'll receive an email notification with the decision.",
  },
  approveFailed: 'Failed to approve tool',
  rejectFailed: 'Failed to reject tool',
  unlistFailed: 'Failed to remove tool from listing',
  listFailed: 'Failed to list tool',
  updateUserFailed: 'Failed to update user',
  createPostFailed: 'Failed to create blog post',
  updatePostFailed: 'Failed to update blog post',
  updateToolFailed: 'Failed to update tool',
  saveAlternativesFailed: 'Failed to save alternatives',
  premiumToggleFailed: 'Failed to update premium status',
  addReviewFailed: 'Failed to add editorial review.',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  toolApproved: 'Tool Approved',
  toolRejected: 'Tool Rejected',
  toolUpdated: 'Tool updated',
  alternativesSaved: 'Alternatives saved',
  toolUpgraded: 'Tool upgraded to premium',
  toolDowngraded: 'Tool downgraded from premium',
  toolUnlisted: 'Tool Unlisted',
  toolListed: 'Tool Listed',
  userUpdated: 'User Updated',
  postCreated: 'Post Created',
  postUpdated: 'Post Updated',
  // Rebuild Now in Settings (not spelled out by the spec)
  rebuildQueued: {
    title: 'Rebuild Queued',
    description: 'The site is rebuilt in the background; its progress shows below.',
  },
  rebuildFailed: 'Failed to queue a rebuild',
  reviewAdded: 'Review Added',
  // Change requests (the spec shows the buttons but not their toasts)
  changesApproved: 'Changes Approved',
  changesRejected: 'Changes Rejected',
  approveChangesFailed: 'Failed to approve changes',
  rejectChangesFailed: 'Failed to reject changes',
  welcomeBack: 'Welcome back!',
  accountCreated: 'Account created!',
  // The contact form and the admin's Messages tab
  contactSent: { title: 'Message sent', description: 'Thank you. We have e-mailed you a copy and will answer soon.' },
  contactFailed: 'Message not sent',
  messageHandled: 'Marked as handled',
  markHandledFailed: 'Failed to mark the message handled',
  // Share button (posts and tools) when the device has no share sheet (not spelled out by the spec)
  linkCopied: { title: 'Link copied', description: 'The address of this page is on your clipboard.' },
  linkCopyFailed: { title: 'Could not copy the link', description: 'Copy the address from your browser bar instead.' },
} as const;

export const NOT_FOUND = {
  page: 'Page Not Found',
  tool: 'Tool Not Found',
  toolText: "The tool you're looking for doesn't exist or has been removed.",
  post: 'Post Not Found',
  postText: "The blog post you're looking for doesn't exist or has been removed.",
} as const;

/** The pages that are an island only (dashboard, submit, admin), seen without JavaScript (docs/decisions/0068). */
export const NEEDS_JAVASCRIPT = {
  title: 'This page needs JavaScript',
  text: (what: string) => `${what} runs in your browser. Turn on JavaScript for this site and reload the page.`,
} as const;
