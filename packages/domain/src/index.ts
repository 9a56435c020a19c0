export * from './access-api';
export * from './api';
export * from './auth-api';
export * from './constants';
export * from './format';
export * from './roles';
export * from './statuses';
export * from './validation';
