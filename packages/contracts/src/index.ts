export * from './accounts';
export * from './cashflow';
export * from './diary';
export * from './errors';
export * from './forex';
export * from './roles';
export * from './stocks';
export * from './users';
