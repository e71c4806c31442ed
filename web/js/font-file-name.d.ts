/** Types for the editor, which bundles the plain-JS module. */
export function guessFromFileName(name: string): { family: string; weight: number; style: 'normal' | 'italic' };
