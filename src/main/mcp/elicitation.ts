// Elicitation (issue 17 item 6), pure: a server's requested schema → the form's fields (or why it cannot
// be shown), and the person's values checked against them before they go back to the server.
import type { ElicitField } from '../../shared/mcp-elicitation';

type Value = string | number | boolean;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function optional<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function field(name: string, p: Record<string, unknown>, required: boolean): ElicitField | string {
  const base = { name, label: str(p.title) ?? name, required, ...optional({ description: str(p.description) }) };
  if (p.type === 'boolean') return { ...base, kind: 'boolean', ...optional({ default: typeof p.default === 'boolean' ? p.default : undefined }) };
  if (p.type === 'number' || p.type === 'integer') return { ...base, kind: p.type, ...optional({ default: num(p.default), minimum: num(p.minimum), maximum: num(p.maximum) }) };
  if (p.type !== 'string') return `"${name}" asks for ${p.type === 'array' ? 'several choices' : `a ${String(p.type)}`}`;
  const oneOf = Array.isArray(p.oneOf) ? (p.oneOf as unknown[]).filter(isObject) : undefined;
  const enumValues = Array.isArray(p.enum) ? (p.enum as unknown[]).filter((v): v is string => typeof v === 'string') : undefined;
  if (oneOf || enumValues) {
    const names = Array.isArray(p.enumNames) ? (p.enumNames as unknown[]) : [];
    const options = oneOf ? oneOf.map((o) => ({ value: String(o.const), label: str(o.title) ?? String(o.const) })) : enumValues!.map((v, i) => ({ value: v, label: str(names[i]) ?? v }));
    return { ...base, kind: 'choice', options, ...optional({ default: str(p.default) }) };
  }
  return {
    ...base,
    kind: 'text',
    ...optional({ default: str(p.default), minLength: num(p.minLength), maxLength: num(p.maxLength), format: str(p.format) }),
  };
}

/** The form for a requested schema, or in words why it cannot be shown. */
export function formFields(schema: unknown): { fields: ElicitField[] } | { unsupported: string } {
  if (!isObject(schema) || !isObject(schema.properties)) return { unsupported: 'the form has no fields' };
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
  const fields: ElicitField[] = [];
  for (const [name, p] of Object.entries(schema.properties)) {
    const f = isObject(p) ? field(name, p, required.has(name)) : `"${name}" is not a field`;
    if (typeof f === 'string') return { unsupported: f };
    fields.push(f);
  }
  return { fields };
}

/** The values to send, or what is wrong with them (the person corrects and sends again). */
export function checkAnswer(fields: readonly ElicitField[], content: Record<string, Value>): Record<string, Value> | string {
  const out: Record<string, Value> = {};
  for (const f of fields) {
    const v = content[f.name];
    if (v === undefined || v === '') {
      if (f.required) return `“${f.label}” is needed.`;
      continue;
    }
    if (f.kind === 'boolean') {
      if (typeof v !== 'boolean') return `“${f.label}” must be yes or no.`;
    } else if (f.kind === 'number' || f.kind === 'integer') {
      if (typeof v !== 'number' || !Number.isFinite(v) || (f.kind === 'integer' && !Number.isInteger(v))) return `“${f.label}” must be ${f.kind === 'integer' ? 'a whole number' : 'a number'}.`;
      if (f.minimum !== undefined && v < f.minimum) return `“${f.label}” must be at least ${f.minimum}.`;
      if (f.maximum !== undefined && v > f.maximum) return `“${f.label}” must be at most ${f.maximum}.`;
    } else if (typeof v !== 'string') {
      return `“${f.label}” must be text.`;
    } else if (f.kind === 'choice') {
      if (!f.options?.some((o) => o.value === v)) return `“${f.label}” must be one of the choices.`;
    } else {
      if (f.minLength !== undefined && v.length < f.minLength) return `“${f.label}” must be at least ${f.minLength} characters.`;
      if (f.maxLength !== undefined && v.length > f.maxLength) return `“${f.label}” must be at most ${f.maxLength} characters.`;
    }
    out[f.name] = v;
  }
  const unknown = Object.keys(content).find((k) => !fields.some((f) => f.name === k));
  if (unknown) return `The form has no field “${unknown}”.`;
  return out;
}
