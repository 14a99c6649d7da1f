export * from './strings';
export * from './numbers';
export * from './wideIntegers';
export * from './typedArrays';
export * from './base64';
