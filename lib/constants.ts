// Business constants of SPEC.md section 9, in one place.
export const FEATURED_TOOLS = 6;
export const DIRECTORY_PAGE_SIZE = 12;
export const SKELETON_CARDS = 6;
export const TAGS_PER_CARD = 3;
export const MAX_TOOL_NAME = 255;
export const MAX_URL = 500;
export const MIN_DESCRIPTION = 10;
export const MAX_DESCRIPTION = 1000;
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
/** A post's featured image is held to the logo's limit: the spec's one file-size message names 2MB. */
export const MAX_POST_IMAGE_BYTES = MAX_LOGO_BYTES;
/** Where an uploaded featured image is served: a fresh random name per upload, re-encoded to WebP. */
export const POST_IMAGE_PATH = /^\/uploads\/posts\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;
export const MIN_PASSWORD = 6;
/** A closed account's personal data is removed this many days after closing (the legal pages' promise). */
export const ACCOUNT_DELETION_DAYS = 30;
export const MONTHLY_PRICE = 39;
export const ANNUAL_PRICE = 399;
export const ANNUAL_SAVING = MONTHLY_PRICE * 12 - ANNUAL_PRICE; // 69
export const REFUND_DAYS = 30;
export const PREMIUM_SUBMISSIONS = 3;
export const REVIEW_DECISION_HOURS = 48;
export const DEFAULT_READ_TIME = '5 min read';
export const DEFAULT_QUALITY_SCORE = 5;
export const REDIRECT_AFTER_SUBMIT_MS = 2000;
export const UNAUTHORIZED_REDIRECT_MS = 500;
export const REDIRECT_AFTER_LOGIN_MS = 100;
export const MOCK_UPGRADE_RELOAD_MS = 1500;
export const CURRENT_USER_CACHE_MS = 300_000;
export const TOAST_DURATION_MS = 5000;
export const DEFAULT_UNLIST_REASON = 'Unlisted by admin';
export const SITE_NAME = 'AI Tools Directory';
/** The colour of the site's mark (public/favicon.svg): the browser's theme colour and the web app manifest's. */
export const SITE_THEME_COLOR = '#4f46e5';
/** A tool page shows "Review due" once its latest editorial review is older than this (issue 11). */
export const REVIEW_DUE_DAYS = 180;

/** The ranges (days, today included) the dashboard's tool metrics show; the first is the default and the summary's. */
export const METRICS_RANGES = [30, 90] as const;
