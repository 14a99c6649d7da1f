declare module '@as-pect/transform' {
  /** as-pect's AssemblyScript transform (adds the reflection members its expectations need). */
  const AspectTransform: new () => { afterParse(parser: { sources: unknown[] }): void };
  export default AspectTransform;
}
