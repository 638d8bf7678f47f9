// Keys a JSON text repeats inside one object. JSON.parse keeps the last, so a second `permissions`
// block silently replaces the first; this scan finds such keys, with their lines, so loading can say
// so. It runs only on text JSON.parse accepted (strict JSON: no comments, no raw newlines in strings).

export interface DuplicateKey {
  /** The repeated key with the keys of the objects around it: `permissions`, `permissions.allow`. */
  path: string;
  /** 1-based lines of the first and of the repeated occurrence. */
  firstLine: number;
  line: number;
}

interface Frame {
  object: boolean;
  /** Keys seen in this object, with their line. */
  keys: Map<string, number>;
  /** This object's own place: the keys leading to it. */
  path: string[];
  expectKey: boolean;
  /** The key whose value is being read (objects), for the path of a nested object. */
  current?: string;
}

/** Every repeated key, in text order. Never throws; text that is not JSON gives what it can. */
export function duplicateKeys(text: string): DuplicateKey[] {
  const out: DuplicateKey[] = [];
  const stack: Frame[] = [];
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    else if (c === '{' || c === '[') {
      const parent = stack[stack.length - 1];
      const path = parent ? [...parent.path, ...(parent.object && parent.current !== undefined ? [parent.current] : parent.object ? [] : ['[]'])] : [];
      stack.push({ object: c === '{', keys: new Map(), path, expectKey: c === '{' });
    } else if (c === '}' || c === ']') stack.pop();
    else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.object) top.expectKey = true;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const raw = text.slice(i, j + 1);
      i = j;
      const top = stack[stack.length - 1];
      if (!top?.object || !top.expectKey) continue;
      let key: string;
      try {
        key = JSON.parse(raw) as string;
      } catch {
        key = raw.slice(1, -1);
      }
      top.expectKey = false;
      top.current = key;
      const first = top.keys.get(key);
      if (first === undefined) top.keys.set(key, line);
      else out.push({ path: [...top.path, key].join('.'), firstLine: first, line });
    }
  }
  return out;
}
