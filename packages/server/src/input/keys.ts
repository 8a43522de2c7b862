// Keys that mean something to JavaScript objects. JSON.parse makes "__proto__" an ordinary own
// key, and some validators (zod records) skip it silently; we refuse such input outright instead,
// before any schema sees it.
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 32;

/** The path of the first forbidden key in parsed JSON ("bots.__proto__"), or null. */
export function forbiddenKey(value: unknown, path = '', depth = 0): string | null {
  if (typeof value !== 'object' || value === null) return null;
  if (depth > MAX_DEPTH) return path || '(root)';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = forbiddenKey(value[i], `${path}[${i}]`, depth + 1);
      if (hit) return hit;
    }
    return null;
  }
  for (const k of Object.keys(value)) {
    const here = path ? `${path}.${k}` : k;
    if (FORBIDDEN.has(k)) return here;
    const hit = forbiddenKey((value as Record<string, unknown>)[k], here, depth + 1);
    if (hit) return hit;
  }
  return null;
}

export function forbiddenKeyMessage(path: string): string {
  return `${path.slice(0, 60)}: the key is not allowed.`;
}
