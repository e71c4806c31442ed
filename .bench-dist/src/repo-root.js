import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
/**
 * The checkout's root, found by walking up to package.json, so files such as
 * templates/demo resolve the same from src/ (tsx) and from dist/src/ (compiled).
 */
export function repoRoot(from = path.dirname(fileURLToPath(import.meta.url))) {
    let dir = from;
    while (!existsSync(path.join(dir, 'package.json'))) {
        const parent = path.dirname(dir);
        if (parent === dir)
            throw new Error(`no package.json above ${from}`);
        dir = parent;
    }
    return dir;
}
//# sourceMappingURL=repo-root.js.map