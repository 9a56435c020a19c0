/** The whole database schema: drizzle-kit generates migrations from these exports. */
export * from './access';
export * from './audit';
export * from './auth';
export * from './campaigns';
export * from './digest';
export * from './engagement';
export * from './identities';
export * from './jobs';
export * from './mail';
export * from './mfa';
export * from './revocations';
export * from './scheduler';
export * from './submissions';
export * from './throttle';
export * from './traffic';
export * from './users';
export * from './videos';
