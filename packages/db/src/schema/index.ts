// The Drizzle schema entry: every area's tables, one file per area.
export * from './accounts';
export * from './audit';
export * from './jobs';
export * from './lighting';
export * from './maintenance';
export * from './notifications';
export * from './plant';
export * from './procurement';
export * from './settings';
export * from './weather';
export * from './privacy';
