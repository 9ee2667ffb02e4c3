export * from './accounts';
export * from './diary';
export * from './errors';
export * from './roles';
export * from './users';
