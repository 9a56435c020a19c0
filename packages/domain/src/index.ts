export * from './api';
export * from './constants';
export * from './format';
export * from './roles';
export * from './statuses';
export * from './validation';
