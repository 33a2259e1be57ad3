// Settings read from the environment, once, with the development defaults of DESIGN.md.
export const isProduction = process.env.NODE_ENV === 'production';

export const config = {
  isProduction,
  port: Number(process.env.PORT || 4321),
  /** The public origin of the site, used for absolute links, e-mails and the Origin check. */
  siteUrl: (process.env.SITE_URL || `http://localhost:${process.env.PORT || 4321}`).replace(/\/$/, ''),
  /** Extra origins allowed to make state-changing requests (comma-separated). */
  trustedOrigins: (process.env.TRUSTED_ORIGINS || '').split(',').map((s) => s.trim()).filter(Boolean),
  google: {
    clientId: process.env.GOOGLE_CLIENT_ID || '',
    clientSecret: process.env.GOOGLE_CLIENT_SECRET || '',
  },
  stripe: {
    secretKey: process.env.STRIPE_SECRET_KEY || '',
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || '',
    monthlyPriceId: process.env.STRIPE_PRICE_MONTHLY || '',
    annualPriceId: process.env.STRIPE_PRICE_ANNUAL || '',
  },
  resend: {
    apiKey: process.env.RESEND_API_KEY || '',
    from: process.env.EMAIL_FROM || 'AI Tools Directory <hello@example.com>',
  },
  uploadsDir: process.env.UPLOADS_DIR || 'data/uploads',
  distDir: process.env.DIST_DIR || 'dist',
};

export type Config = typeof config;
