/**
 * WebAssembly imported as a compiled module: the Vite plugin, the Workers test pool and
 * wrangler's own bundler all do so.
 */
declare module '*.wasm' {
  const module: WebAssembly.Module
  export default module
}

/**
 * workerd's AsyncLocalStorage (nodejs_compat), the one Node module the Worker uses: the request
 * a D1 call belongs to (worker/db/cost.ts). Declared here rather than loading all of Node's types
 * into the Worker's program.
 */
declare module 'node:async_hooks' {
  export class AsyncLocalStorage<T> {
    run<R>(store: T, callback: () => R): R
    getStore(): T | undefined
  }
}
