// Malformed payloads for every invoke and send channel, derived from the contract so a new channel
// is covered automatically; hosts' tests push each through their transport and expect `invalid_input`.
import type { z } from 'zod';
import { invokeContract, sendContract } from '../../shared/ipc/contract';

export interface MalformedCase {
  channel: string;
  kind: 'invoke' | 'send';
  payload: unknown;
  /** What is wrong with it, for test names. */
  label: string;
}

/** Values tried, in order, to build a valid sample of a field (enums use their first option; 80 is a terminal's width, at least 2; 64 hex digits a definition's hash; an MCP question's answer). */
const SAMPLE_VALUES: unknown[] = ['session-1', 'sk-ant-test-0123456789abcdef', 'hello', '/tmp/project', 1, 0, 80, true, false, [], {}, 'a'.repeat(64), { action: 'decline' }];
/** Wrong-typed or out-of-range values tried for each field; only the ones the schema rejects are kept. */
const WRONG_VALUES: unknown[] = [12345, -1, true, null, [], {}, '', '   ', 'x', 'x'.repeat(20_000)];
/** Whole payloads that are wrong for any object-shaped request; kept only where the schema rejects them. */
const TOP_LEVEL: [string, unknown][] = [
  ['number', 42],
  ['string', 'x'],
  ['array', []],
  ['boolean', true],
  ['null', null],
  ['unknown key', { bogus: 1 }],
  ['nested array', [{}]],
];

type ObjectLike = { shape?: Record<string, z.ZodType> };

function sampleFor(channel: string, key: string, field: z.ZodType): unknown {
  // An optional enum is sampled through its inner schema (`.unwrap()`), like a required one.
  const inner = (field as { unwrap?: () => unknown }).unwrap?.() ?? field;
  const options = (inner as { options?: unknown }).options;
  if (Array.isArray(options) && options.length > 0 && field.safeParse(options[0]).success) return options[0];
  for (const v of SAMPLE_VALUES) if (field.safeParse(v).success) return v;
  // An object (a saved task): built from its own shape.
  const shape = shapeOf(inner as z.ZodType);
  if (shape) {
    const obj = Object.fromEntries(Object.entries(shape).map(([k, f]) => [k, sampleFor(channel, `${key}.${k}`, f)]));
    if (field.safeParse(obj).success) return obj;
  }
  // A non-empty list of objects (the inbox's `replies`): one element built from its own shape.
  // (zod's array.unwrap() is its element, so the array itself is `field`, or `inner` when optional.)
  const element = (field as { element?: z.ZodType }).element ?? (inner as { element?: z.ZodType }).element;
  const elementShape = element ? shapeOf(element) : null;
  if (elementShape) {
    const item = Object.fromEntries(Object.entries(elementShape).map(([k, f]) => [k, sampleFor(channel, `${key}[].${k}`, f)]));
    if (field.safeParse([item]).success) return [item];
  }
  throw new Error(`malformed-payloads: cannot build a valid sample for ${channel}.${key}; add one to SAMPLE_VALUES`);
}

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  const shape = (schema as ObjectLike).shape;
  return shape && typeof shape === 'object' ? shape : null;
}

/** A payload the channel accepts, built from its schema (throws if the schema defeats the generator). */
export function validPayload(kind: 'invoke' | 'send', channel: string): Record<string, unknown> {
  const schema = schemaOf(kind, channel);
  const shape = shapeOf(schema);
  if (!shape) throw new Error(`malformed-payloads: ${channel} is not an object schema`);
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) out[key] = sampleFor(channel, key, field);
  if (!schema.safeParse(out).success) throw new Error(`malformed-payloads: generated sample for ${channel} is invalid`);
  return out;
}

function schemaOf(kind: 'invoke' | 'send', channel: string): z.ZodType {
  const schema =
    kind === 'invoke' ? invokeContract[channel as keyof typeof invokeContract]?.request : sendContract[channel as keyof typeof sendContract];
  if (!schema) throw new Error(`malformed-payloads: unknown ${kind} channel ${channel}`);
  return schema;
}

function casesFor(kind: 'invoke' | 'send', channel: string): MalformedCase[] {
  const schema = schemaOf(kind, channel);
  // The dispatcher reads a missing invoke payload as {} (a JSON frame cannot carry undefined).
  const rejected = (p: unknown) => !schema.safeParse(kind === 'invoke' ? (p ?? {}) : p).success;
  const out: MalformedCase[] = [];
  const seen = new Set<string>();
  const add = (label: string, payload: unknown) => {
    const key = JSON.stringify(payload);
    if (seen.has(key) || !rejected(payload)) return;
    seen.add(key);
    out.push({ channel, kind, payload, label });
  };
  for (const [label, payload] of TOP_LEVEL) add(label, payload);
  const base = validPayload(kind, channel);
  add('extra key', { ...base, bogus: 1 });
  for (const key of Object.keys(base)) {
    const { [key]: _dropped, ...without } = base;
    add(`missing ${key}`, without);
    for (const wrong of WRONG_VALUES) {
      const shown = typeof wrong === 'string' && wrong.length > 20 ? `<${wrong.length} chars>` : JSON.stringify(wrong);
      add(`${key} = ${shown}`, { ...base, [key]: wrong });
    }
  }
  return out;
}

/** Every malformed case for every invoke and send channel of the contract. */
export function malformedCases(): MalformedCase[] {
  return [
    ...Object.keys(invokeContract).flatMap((c) => casesFor('invoke', c)),
    ...Object.keys(sendContract).flatMap((c) => casesFor('send', c)),
  ];
}
