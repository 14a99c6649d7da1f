export { run, createProgram } from './program.js';
