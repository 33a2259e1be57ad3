// Every message a user can see that SPEC.md spells out, written once for islands and API.
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
  forbidden: 'Forbidden',
} as const;

/** Toasts of SPEC.md section 8: title and description. */
export const TOAST = {
  unauthorized: { title: 'Unauthorized', description: 'You are logged out. Logging in again...' },
  adminUnauthorized: { title: 'Unauthorized', description: 'Unauthorized: You are logged out. Logging in again...' },
  adminRequired: { title: 'Unauthorized', description: 'Admin access required. Redirecting...' },
  upgradeFailed: 'Upgrade Failed',
  upgradeFailedFallback: 'Failed to start upgrade process. Please try again.',
  upgradeNeedsConfiguration: 'Payment system needs configuration. Please contact support.',
  upgradeMockSuccess: {
    title: 'Premium Upgrade Successful!',
    description: 'Your account has been upgraded to Premium (Development Mode)',
  },
  submissionFailed: 'Submission Failed',
  submissionFailedFallback: 'Failed to submit tool. Please try again.',
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
  premiumToggleFailed: 'Failed to update premium status',
  addReviewFailed: 'Failed to add editorial review.',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  toolApproved: 'Tool Approved',
  toolRejected: 'Tool Rejected',
  toolUpdated: 'Tool updated',
  toolUpgraded: 'Tool upgraded to premium',
  toolDowngraded: 'Tool downgraded from premium',
  toolUnlisted: 'Tool Unlisted',
  toolListed: 'Tool Listed',
  userUpdated: 'User Updated',
  postCreated: 'Post Created',
  postUpdated: 'Post Updated',
  reviewAdded: 'Review Added',
  welcomeBack: 'Welcome back!',
  accountCreated: 'Account created!',
} as const;

export const NOT_FOUND = {
  page: 'Page Not Found',
  tool: 'Tool Not Found',
  toolText: "The tool you're looking for doesn't exist or has been removed.",
  post: 'Post Not Found',
  postText: "The blog post you're looking for doesn't exist or has been removed.",
} as const;
