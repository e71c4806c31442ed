import { LIMITS } from '../../../src/domain/object-properties.js';

/** What an added object is called before the user renames it; API callers address elements by this name. */
export type ObjectKind = 'text' | 'rect' | 'circle' | 'ellipse' | 'triangle' | 'polygon' | 'star' | 'line' | 'image' | 'graphic';

const BASES: Record<ObjectKind, string> = {
  text: 'text',
  rect: 'rectangle',
  circle: 'circle',
  ellipse: 'ellipse',
  triangle: 'triangle',
  polygon: 'polygon',
  star: 'star',
  line: 'line',
  image: 'photo',
  graphic: 'graphic',
};

/**
 * `title` for the first text, then `text-1`, `photo-1`, `rectangle-2`…:
 * readable in a curl command, and never one already taken.
 */
export function uniqueName(kind: ObjectKind | 'group', taken: ReadonlySet<string>): string {
  if (kind === 'text' && !taken.has('title')) return 'title';
  const base = kind === 'group' ? 'group' : BASES[kind];
  for (let i = 1; ; i++) {
    const candidate = `${base}-${i}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The server's rule (template-schema.ts): a unique string of at most LIMITS.nameLength characters. Null when fine. */
export function checkName(name: string, taken: ReadonlySet<string>): string | null {
  if (!name.trim()) return 'A name cannot be empty: API callers use it to address this element.';
  if (name.length > LIMITS.nameLength) return `At most ${LIMITS.nameLength} characters.`;
  if (taken.has(name)) return `"${name}" is already used by another element; names must be unique.`;
  return null;
}

/**
 * The name of a copy: `badge` becomes `badge-2`, `star-1` becomes `star-2`
 * (the trailing number is the one bumped), never one already taken, and
 * within LIMITS.nameLength however long the original.
 */
export function copyName(name: string, taken: ReadonlySet<string>): string {
  const base = (/^(.*?)-\d+$/.exec(name)?.[1] ?? name).slice(0, LIMITS.nameLength - 8) || 'copy';
  for (let i = 2; ; i++) {
    const candidate = `${base}-${i}`;
    if (!taken.has(candidate)) return candidate;
  }
}

type Serialized = Record<string, unknown>;

/** Every name in a tree of serialized objects, group children included (the schema's names are unique across the whole tree). */
export function namesIn(objects: readonly unknown[]): Set<string> {
  const out = new Set<string>();
  const walk = (list: readonly unknown[]) => {
    for (const o of list as Serialized[]) {
      if (typeof o.name === 'string' && o.name !== '') out.add(o.name);
      if (Array.isArray(o.objects)) walk(o.objects);
    }
  };
  walk(objects);
  return out;
}

/**
 * Pasted objects with names that collide with `taken` (or with each other)
 * renamed by copyName, group children included; a free name is kept, so an
 * object pasted into another template keeps the name its API callers use.
 * Returns copies; the input is not changed.
 */
export function dedupeNames(objects: readonly Serialized[], taken: ReadonlySet<string>): Serialized[] {
  const used = new Set(taken);
  const visit = (o: Serialized): Serialized => {
    const copy: Serialized = { ...o };
    if (typeof o.name === 'string' && o.name !== '') {
      copy.name = used.has(o.name) ? copyName(o.name, used) : o.name;
      used.add(copy.name as string);
    }
    if (Array.isArray(o.objects)) copy.objects = (o.objects as Serialized[]).map(visit);
    return copy;
  };
  return objects.map(visit);
}
