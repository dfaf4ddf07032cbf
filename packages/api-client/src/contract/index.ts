export * from './common.js';
export * from './games.js';
export * from './users.js';
export * from './auth.js';
export * from './groups.js';
export * from './settings.js';
export * from './live.js';
export * from './routes.js';
