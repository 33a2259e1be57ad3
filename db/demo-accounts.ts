// The demo accounts that db/seed.ts creates and /auth/demo/* signs in as (development only).
export const DEMO_ADMIN_EMAIL = 'admin@demo.test';
export const DEMO_USER_EMAIL = 'user@demo.test';
export const DEMO_PASSWORD = 'demo1234';
