// lunr-languages has no types: each file is a plugin installer, called with lunr.
declare module 'lunr-languages/*' {
  const install: (lunr: unknown) => void
  export default install
}
