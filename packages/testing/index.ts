export * from './assembly/index';
