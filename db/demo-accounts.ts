// The demo accounts that db/seed.ts creates and /auth/demo/* signs in as (development only).
export const DEMO_ADMIN_EMAIL = 'admin@demo.test';
export const DEMO_USER_EMAIL = 'user@demo.test';
export const DEMO_PASSWORD = 'demo1234';
// Further seeded accounts, one per role and account state, all with DEMO_PASSWORD.
export const DEMO_PREMIUM_EMAIL = 'premium@demo.test';
export const DEMO_STAFF_EMAIL = 'staff@demo.test';
export const DEMO_REVIEWER_EMAIL = 'reviewer@demo.test';
export const DEMO_SUSPENDED_EMAIL = 'suspended@demo.test';
export const DEMO_BANNED_EMAIL = 'banned@demo.test';
