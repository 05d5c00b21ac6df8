/**
 * WebAssembly imported as a compiled module: the Vite plugin, the Workers test pool and
 * wrangler's own bundler all do so.
 */
declare module '*.wasm' {
  const module: WebAssembly.Module
  export default module
}
