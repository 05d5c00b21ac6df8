/** `import text from './file?raw'`: Vite, which runs the Worker tests, inlines the file as a string. */
declare module '*?raw' {
  const text: string
  export default text
}
