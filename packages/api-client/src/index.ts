export * from './contract/index.js';
export * from './errors.js';
export * from './token-storage.js';
export * from './request-headers.js';
export * from './password-cipher.js';
export * from './retry-delay.js';
export * from './client.js';
