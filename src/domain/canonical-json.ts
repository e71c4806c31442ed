/**
 * JSON helpers that walk request data without recursion. Request bodies are
 * attacker-shaped: a value nested thousands of levels deep overflowed the
 * stack of the recursive versions (a 500 on the idempotency hash and on error
 * previews). The HTTP layer caps nesting at parse time, but these helpers are
 * also reached from the CLI and tests, so they must not depend on that cap.
 */

type Task = { text: string } | { value: unknown };

/**
 * JSON with object keys sorted, so key order cannot make two equal bodies
 * look different. Byte-for-byte what the earlier recursive version produced
 * (stored idempotency hashes stay valid); `undefined` properties are dropped
 * and `undefined` elsewhere becomes null.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  const tasks: Task[] = [{ value }];
  while (tasks.length > 0) {
    const task = tasks.pop() as Task;
    if ('text' in task) {
      out.push(task.text);
      continue;
    }
    const v = task.value;
    if (Array.isArray(v)) {
      tasks.push({ text: ']' });
      for (let i = v.length - 1; i >= 0; i--) {
        tasks.push({ value: v[i] });
        if (i > 0) tasks.push({ text: ',' });
      }
      out.push('[');
    } else if (v && typeof v === 'object') {
      const keys = Object.keys(v)
        .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      tasks.push({ text: '}' });
      for (let i = keys.length - 1; i >= 0; i--) {
        tasks.push({ value: (v as Record<string, unknown>)[keys[i]] });
        tasks.push({ text: `${i > 0 ? ',' : ''}${JSON.stringify(keys[i])}:` });
      }
      out.push('{');
    } else {
      out.push(JSON.stringify(v) ?? 'null');
    }
  }
  return out.join('');
}

/** Structural equality of two JSON values, key order ignored. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return canonicalJson(a) === canonicalJson(b);
}

/**
 * A short JSON rendering of any value for error messages, at most `max`
 * characters. It stops reading as soon as the text is long enough, so its
 * cost and its recursion depth are bounded by `max`, not by the value.
 */
export function previewJson(value: unknown, max = 60): string {
  const limit = max + 1;
  let out = '';
  const walk = (v: unknown): void => {
    if (out.length > limit) return;
    if (Array.isArray(v)) {
      out += '[';
      for (let i = 0; i < v.length && out.length <= limit; i++) {
        if (i > 0) out += ',';
        walk(v[i] === undefined ? null : v[i]);
      }
      out += ']';
    } else if (v && typeof v === 'object') {
      out += '{';
      let first = true;
      for (const key in v) {
        if (out.length > limit) break;
        const item = (v as Record<string, unknown>)[key];
        if (!Object.hasOwn(v, key) || item === undefined) continue;
        out += `${first ? '' : ','}${JSON.stringify(key.length > limit ? key.slice(0, limit) : key)}:`;
        first = false;
        walk(item);
      }
      out += '}';
    } else if (typeof v === 'string') {
      out += JSON.stringify(v.length > limit ? v.slice(0, limit) : v);
    } else {
      out += JSON.stringify(v) ?? String(v);
    }
  };
  walk(value);
  return out.length > max ? `${out.slice(0, max - 3)}...` : out;
}

/**
 * The nesting depth of a JSON text (objects and arrays), scanning it once,
 * or any number above `stopAfter` as soon as the depth passes it. Brackets
 * inside strings do not count. Malformed text is left to the parser.
 */
export function jsonNestingDepth(text: string, stopAfter = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) {
        max = depth;
        if (max > stopAfter) return max;
      }
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return max;
}
