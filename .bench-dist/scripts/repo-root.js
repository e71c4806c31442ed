import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
/**
 * The repository root, found by walking up to the nearest package.json.
 * Walking (instead of a fixed `..`) keeps callers working both from source
 * under tsx and when compiled into dist/ — test/ is never copied into dist.
 */
export function findRepoRoot(from = dirname(fileURLToPath(import.meta.url))) {
    let dir = from;
    for (;;) {
        if (existsSync(join(dir, 'package.json')))
            return dir;
        const parent = dirname(dir);
        if (parent === dir)
            throw new Error(`no package.json above ${from}`);
        dir = parent;
    }
}
//# sourceMappingURL=repo-root.js.map