/** WebAssembly imported as a compiled module (the Vite plugin and the Workers test pool both do so). */
declare module '*.wasm' {
  const module: WebAssembly.Module
  export default module
}

/** `import url from './file?inline'`: Vite inlines the file as a data: URL. */
declare module '*?inline' {
  const url: string
  export default url
}
