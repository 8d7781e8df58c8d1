export * from './auth';
export * from './files';
export * from './lookups';
export * from './org';
export * from './people';
export * from './profile';
export * from './requests';
export * from './system';
