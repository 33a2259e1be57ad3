// The typed contract between the API and the islands: for every call, the zod schemas of its request (body, query,
// params) and of its answer, and the types of the answers. The Elysia routes declare these schemas; the site uses the
// same ones. It imports nothing from api/ or db/.
export * from './common';
export * from './user';
export * from './auth';
export * from './tools';
export * from './submissions';
export * from './blog';
export * from './premium';
export * from './uploads';
export * from './admin';
export * from './alternatives';
export * from './mail';
export * from './account-password';
export * from './tool-assets';
export * from './metrics';
export * from './account-email';
export * from './account-settings';
export * from './account-closing';
export * from './account-two-factor';
export * from './claims';
export * from './queue';
export * from './link-health';
export * from './discontinued';
export * from './owners';
export * from './reports';
export * from './follows';
export * from './badges';
export * from './newsletter';
export * from './premium-benefits';
export * from './endpoints';
export * from './newsletter';
