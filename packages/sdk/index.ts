// AssemblyScript resolves `import … from '@mason/sdk'` to this file (asc ignores package.json "main").
export * from './assembly/index';
