export * from './accounts';
export * from './cashflow';
export * from './diary';
export * from './errors';
export * from './roles';
export * from './users';
