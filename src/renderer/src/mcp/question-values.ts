// The form's values as typed (strings from inputs, booleans from checkboxes) → what goes to the server:
// numbers as numbers, empty optional fields left out (issue 17 item 6). Pure.
import type { ElicitField } from '../../../shared/mcp-elicitation';

export type FormValues = Record<string, string | boolean>;

/** What the form starts with: the server's defaults, else empty (unchecked for yes/no). */
export function initialValues(fields: readonly ElicitField[]): FormValues {
  return Object.fromEntries(fields.map((f) => [f.name, f.kind === 'boolean' ? f.default === true : f.default === undefined ? '' : String(f.default)]));
}

export function contentOf(fields: readonly ElicitField[], values: FormValues): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (typeof v === 'boolean') out[f.name] = v;
    else if (v === undefined || v.trim() === '') continue;
    // A number the person typed that is not one goes as text: main says what is wrong with it.
    else if (f.kind === 'number' || f.kind === 'integer') out[f.name] = Number.isFinite(Number(v)) ? Number(v) : v;
    else out[f.name] = v;
  }
  return out;
}
