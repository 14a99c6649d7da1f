export * from '../src/index.js';
export const utf8ForTest = (text: string): Uint8Array => new TextEncoder().encode(text);
