// WebAssembly stays on V8's baseline compiler (Liftoff) in the app's processes (import it early).
// Node's fetch (undici) parses HTTP with llhttp compiled to wasm. Once its 29 KB parser function is
// hot, in the first streamed model reply, V8 re-compiles it with TurboFan on a background thread:
// 100–220 ms of CPU that took a core from the tools of that reply's turn (on 2 cores, parallel-reads'
// turn 132 → 107 ms without it). Liftoff's code parses a reply's events fast enough, and no other
// wasm here needs more (pdf.js's wasm image decoders stay unused: Read takes a PDF's text). Must run
// before the first fetch compiles llhttp.
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--liftoff-only');
