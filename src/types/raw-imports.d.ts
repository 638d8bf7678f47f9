// `import text from './prompt.md?raw'`: vite inlines the file as a string (main build and vitest alike).
declare module '*.md?raw' {
  const text: string;
  export default text;
}
