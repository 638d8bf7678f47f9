// Elicitation (issue 17 item 6), pure: a server's requested schema → the form's fields (or why it cannot
// be shown). The person's values are checked by shared/mcp-question.ts, in the form and again here.
import type { ElicitField } from '../../shared/mcp-elicitation';

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
