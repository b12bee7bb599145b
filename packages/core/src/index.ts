export * from './scopes.ts';
export * from './auth.schemas.ts';
export * from './support.ts';
export * from './users.schemas.ts';
export * from './money.ts';
export * from './currencies.ts';
export * from './settings.schemas.ts';
export * from './menu.schemas.ts';
