export * from './scopes.ts';
export * from './auth.schemas.ts';
export * from './support.ts';
export * from './users.schemas.ts';
