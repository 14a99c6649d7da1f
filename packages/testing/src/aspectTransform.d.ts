declare module '@as-pect/transform' {
  /** as-pect's AssemblyScript transform (adds the reflection members its expectations need). */
  const AspectTransform: abstract new () => object;
  export default AspectTransform;
}
