export * from './accounts';
export * from './errors';
export * from './roles';
export * from './users';
