import { GlobalFonts } from '@napi-rs/canvas';
import { parseFamilyList } from '../../domain/fabric-types.js';
import { orderFacesByMatch } from '../../domain/font-weights.js';
import { RenderError } from '../render-error.js';
import { commonCoverage } from './font-coverage.js';
import { EMOJI_FAMILY, USER_FAMILIES, bundledFaceSets, fontAliasPrefix, type FamilyFaces, type FontFace } from './font-faces.js';

export { parseFamilyList };

/** Same shape as render-document.ts's AccountFont (kept structural to avoid an import cycle). */
export interface AccountFontInput {
  key: string;
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  data: Uint8Array;
}

export interface BundledFontFace {
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  unicodeRange?: string;
  file: string;
}

let bundledRegistered = false;
let subsetsRegistered = false;
let fallbacksRegistered = false;
/** The shared claims run: the families' first subsets, then their other subsets, then the fallbacks. */
let leadFaceCount = 0;
let otherSubsetFaces: FontFace[] = [];
/** `family|weight` of the user families' faces registered so far in this thread. */
const registeredWeights = new Set<string>();
/** Registered at start-up; every other weight on first use. */
const EAGER_WEIGHTS = new Set([400, 700]);

/** Per shared face, in registration order: 0 unclaimed, 1 a thread is registering it, 2 registered. */
const UNCLAIMED = 0;
const CLAIMED = 1;
const REGISTERED = 2;
/** Room for the eager faces and the fallbacks (731 today); faces past it are registered by every thread, as if unshared. */
const MAX_SHARED_FACES = 4096;
/** How long a thread waits for a face another thread claimed before registering it itself (that thread may have died mid-way). */
const CLAIM_WAIT_MS = 10_000;
let claims: Int32Array = new Int32Array(new SharedArrayBuffer(MAX_SHARED_FACES * Int32Array.BYTES_PER_ELEMENT));

/**
 * The claims this thread registers the shared faces against. GlobalFonts is
 * one collection for the whole process, not one per worker: a face one
 * thread registers, every thread draws with. So the render pool hands its
 * workers the main thread's claims, and each face is registered once per
 * process (by whichever thread claims it first) instead of once per thread:
 * with two workers that halved the ~1 s each spent registering 731 files.
 */
export function sharedFontClaims(): Int32Array {
  return claims;
}

/** Called by a worker before `ensureBundledFonts`, with the claims of the thread that started it. */
export function adoptFontClaims(shared: Int32Array): void {
  claims = shared;
}

/**
 * Registers `faces`, claims `first` onwards: each thread claims them in the
 * same order, registers those it won, then waits for the rest, so it returns
 * only when every face is drawable.
 */
function registerShared(faces: readonly FontFace[], first: number): void {
  const waitFor: number[] = [];
  faces.forEach((face, k) => {
    const i = first + k;
    if (i >= claims.length || Atomics.compareExchange(claims, i, UNCLAIMED, CLAIMED) === UNCLAIMED) {
      GlobalFonts.registerFromPath(face.file, face.alias);
      if (i < claims.length) {
        Atomics.store(claims, i, REGISTERED);
        Atomics.notify(claims, i);
      }
    } else waitFor.push(k);
  });
  for (const k of waitFor) {
    const i = first + k;
    Atomics.wait(claims, i, CLAIMED, CLAIM_WAIT_MS);
    if (Atomics.load(claims, i) !== REGISTERED) GlobalFonts.registerFromPath(faces[k].file, faces[k].alias);
  }
}

/**
 * Makes the bundled families' 400 and 700 faces of their first subset
 * (latin) drawable, once per process (threads started together split the
 * work, see `sharedFontClaims`). Each fontsource subset gets its own alias:
 * all subset files of a face share one internal family name, and Skia would
 * otherwise pick one file for every character instead of choosing per
 * character like @font-face unicode-range. The other weights (100-900, about
 * 720 more files) are registered by `ensureBundledWeight` when a text first
 * asks for them: all at once took ~830 ms and ~24 MB per worker. The other
 * subsets of 400 and 700 (latin-ext, cyrillic, greek, vietnamese…) and the
 * fallbacks (emoji, CJK, Arabic, Hebrew) wait for the first text that needs
 * them (`fontStackFor`).
 */
export function ensureBundledFonts(): void {
  if (bundledRegistered) return;
  bundledRegistered = true;
  const lead: FontFace[] = [];
  const others: FontFace[] = [];
  for (const set of bundledFaceSets().families) {
    for (const weight of EAGER_WEIGHTS) for (const face of takeWeight(set, weight)) (face.alias === set.aliases[0] ? lead : others).push(face);
  }
  leadFaceCount = lead.length;
  otherSubsetFaces = others;
  registerShared(lead, 0);
}

/**
 * Makes the 400 and 700 faces of the families' other subsets drawable, once
 * per process. Skia maps each font file it registers and reads it through,
 * and the pages stay resident: the 236 files of these subsets were ~6 MB of
 * the server's RSS, which a node with Latin texts never draws with.
 */
function ensureFamilySubsets(): void {
  if (subsetsRegistered) return;
  ensureBundledFonts();
  subsetsRegistered = true;
  registerShared(otherSubsetFaces, leadFaceCount);
}

/**
 * Makes the fallback faces drawable, once per process (after every subset of
 * the families, which come before them in every stack). The fallbacks are 449
 * of the 731 files of 400 and 700, and their mapped pages were ~22 MB of the
 * server's resident memory. They are registered before the first font stack
 * that Skia may have to search past the bundled family is handed out; until
 * then no stack that reaches them is used, and a stack that is used draws
 * exactly as it would with them registered.
 */
export function ensureFallbackFonts(): void {
  if (fallbacksRegistered) return;
  ensureFamilySubsets();
  fallbacksRegistered = true;
  registerShared(
    bundledFaceSets().fallbacks.flatMap((set) => set.faces),
    leadFaceCount + otherSubsetFaces.length,
  );
}

/** The faces of one weight, marked registered in this thread (they are, or are about to be, in the process's collection). */
function takeWeight(set: FamilyFaces, weight: number): FontFace[] {
  const key = `${set.family}|${weight}`;
  if (registeredWeights.has(key)) return [];
  registeredWeights.add(key);
  return set.faces.filter((face) => face.weight === weight);
}

function registerWeight(set: FamilyFaces, weight: number): void {
  for (const face of takeWeight(set, weight)) GlobalFonts.registerFromPath(face.file, face.alias);
}

/** Makes the faces of one bundled family at one weight (both styles) drawable in this thread. */
export function ensureBundledWeight(family: string, weight: number): void {
  ensureBundledFonts();
  const set = bundledFamily(family);
  if (set) registerWeight(set, weight);
}

/** The families users may name; from the list alone, so a thread that draws nothing never parses fontsource's CSS. */
export function bundledFontFamilies(): string[] {
  return USER_FAMILIES.map((f) => f.family);
}

/**
 * The faces Chromium must load so goldens use our very files. ORDER MATTERS:
 * emit one @font-face per entry in array order; as in CSS, a later rule wins
 * where unicode ranges overlap. Every user family also gets the fallback
 * faces (emoji, CJK, Arabic, Hebrew) under its own name, first, so Chromium
 * falls back to the same files Skia does, and only where the family's own
 * ranges do not cover the character.
 */
export function bundledFontFaces(): BundledFontFace[] {
  const { families, fallbacks } = bundledFaceSets();
  // Fallback priority runs emoji > CJK > Arabic > Hebrew, so in CSS order the
  // lowest priority comes first; within a package fontsource's order is kept.
  const fallbackCssOrder = [...fallbacks].reverse().flatMap((f) => f.faces);
  const emoji = fallbacks.find((f) => f.family === EMOJI_FAMILY)?.faces ?? [];
  const out: BundledFontFace[] = [];
  for (const fam of families) {
    for (const f of fallbackCssOrder) out.push(toPublic(fam.family, f));
    // Chromium matches a text's weight and style to one set of faces declared with exactly that weight
    // and style, and only then looks at unicode ranges. The emoji file exists at 400 only, so bold or
    // italic emoji were empty boxes in the editor while Skia, which falls back whatever the weight, drew
    // them. So the emoji faces are declared again at every weight and style the family has: the same
    // upright file, as Skia draws it. (A range such as `font-weight: 1 1000` makes a set of its own, and
    // Chromium then drew the family's Latin text from the fallbacks' files.)
    const combos = new Set(fam.faces.map((f) => `${f.weight} ${f.style}`));
    for (const combo of combos) {
      const [weight, style] = combo.split(' ') as [string, 'normal' | 'italic'];
      for (const f of emoji) if (`${f.weight} ${f.style}` !== combo) out.push(toPublic(fam.family, { ...f, weight: Number(weight), style }));
    }
    for (const f of fam.faces) out.push(toPublic(fam.family, f));
  }
  return out;
}

function toPublic(family: string, f: { weight: number; style: 'normal' | 'italic'; unicodeRange?: string; file: string }): BundledFontFace {
  const face: BundledFontFace = { family, weight: f.weight, style: f.style, file: f.file };
  if (f.unicodeRange) face.unicodeRange = f.unicodeRange;
  return face;
}

interface RegisteredAccountFace {
  key: string;
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  alias: string;
}

const accountFaces = new Map<string, RegisteredAccountFace>();

/** Registers uploaded fonts (TTF/OTF/WOFF/WOFF2) once per key; each gets a private alias. */
export function ensureAccountFonts(fonts: readonly AccountFontInput[]): void {
  for (const font of fonts) {
    if (accountFaces.has(font.key)) continue;
    const alias = `${fontAliasPrefix()}account ${font.key}`;
    const key = GlobalFonts.register(Buffer.from(font.data.buffer, font.data.byteOffset, font.data.byteLength), alias);
    if (!key) throw new RenderError(`font ${font.family} could not be loaded`);
    accountFaces.set(font.key, { key: font.key, family: font.family, weight: font.weight, style: font.style, alias });
  }
}

/**
 * The aliases of the render's own uploaded faces of `family`. Every account's faces are registered in
 * the same thread, so only the keys the render was handed count: without them (a starter preview, a
 * template with no uploaded font) none do, never all.
 */
function accountAliases(family: string, weight: number, style: string, allowed: ReadonlySet<string> | undefined): string[] {
  if (!allowed || allowed.size === 0) return [];
  const lower = family.toLowerCase();
  const matches = [...accountFaces.values()].filter((f) => f.family.toLowerCase() === lower && allowed.has(f.key));
  return orderFacesByMatch(matches, weight, style).map((f) => f.alias);
}

function bundledFamily(family: string): FamilyFaces | undefined {
  const lower = family.toLowerCase();
  return bundledFaceSets().families.find((f) => f.family.toLowerCase() === lower);
}

function quote(name: string): string {
  return `"${name.replace(/["\\]/g, '')}"`;
}

interface SubsetFiles {
  alias: string;
  files: string[];
}

interface ResolvedStack {
  stack: string;
  /** The stack's first family when it is a bundled subset alias (nothing of the account's before it), with its files. */
  lead: SubsetFiles | null;
  /** Every subset of that first family, in stack order: the families Skia tries before any fallback. */
  leadFamily: SubsetFiles[];
}

const stackCache = new Map<string, ResolvedStack>();
const MAX_CACHED_STACKS = 4096;

function resolveStack(fontFamily: string, weight: number, style: string, accountKeys?: ReadonlySet<string>): ResolvedStack {
  const cacheKey = `${fontFamily}|${weight}|${style}|${accountKeys ? [...accountKeys].join(',') : ''}|${accountFaces.size}`;
  const hit = stackCache.get(cacheKey);
  if (hit) return hit;
  const parts: string[] = [];
  let lead: ResolvedStack['lead'] | undefined;
  let leadFamily: SubsetFiles[] = [];
  for (const name of parseFamilyList(fontFamily)) {
    const own = accountAliases(name, weight, style, accountKeys);
    parts.push(...own.map(quote));
    const bundled = bundledFamily(name);
    if (bundled) {
      // The stack is cached per weight, so this runs once per (family, weight) and thread.
      ensureBundledWeight(name, weight);
      if (parts.length === 0 && bundled.aliases.length > 0) {
        leadFamily = bundled.aliases.map((alias) => ({ alias, files: bundled.faces.filter((f) => f.alias === alias).map((f) => f.file) }));
        lead = leadFamily[0];
      }
      parts.push(...bundled.aliases.map(quote));
    }
    lead ??= null;
  }
  for (const fb of bundledFaceSets().fallbacks) parts.push(...fb.aliases.map(quote));
  const resolved: ResolvedStack = { stack: parts.join(', '), lead: lead ?? null, leadFamily };
  // Its keys carry the account's face keys and the count of faces seen, so every upload an account draws
  // adds keys for good: a cache, so it starts again rather than grow without bound.
  if (stackCache.size >= MAX_CACHED_STACKS) stackCache.clear();
  stackCache.set(cacheKey, resolved);
  return resolved;
}

/**
 * The family list handed to Skia for a Fabric fontFamily: an account's own
 * faces first (they win over a bundled family of the same name), then the
 * bundled subset aliases, then the shared fallbacks. Nothing else: any other
 * name, a generic one like sans-serif included, may be the name inside a file
 * another account uploaded (Skia registers each file under it too), so a
 * name the stack passed on would let that account's font draw this one's text.
 * A template's first family is always its own or bundled (the template check).
 */
export function resolveFontStack(fontFamily: string, weight: number, style: string, accountKeys?: ReadonlySet<string>): string {
  // Without the text, any character may reach the fallbacks.
  ensureFallbackFonts();
  return resolveStack(fontFamily, weight, style, accountKeys).stack;
}

/** Per subset alias: the code points every one of its files maps to a glyph (null: unknown). */
const leadCoverage = new Map<string, Set<number> | null>();

function coverageOf(subset: SubsetFiles): Set<number> | null {
  let covered = leadCoverage.get(subset.alias);
  if (covered === undefined) leadCoverage.set(subset.alias, (covered = commonCoverage(subset.files)));
  return covered;
}

/** Whether every code point of `text` is in `coverage` (false when the coverage is unknown). */
function covers(coverage: Set<number> | null, text: string): boolean {
  if (!coverage) return false;
  for (const ch of text) if (!coverage.has(ch.codePointAt(0) as number)) return false;
  return true;
}

/**
 * The family list for measuring or drawing `text`: resolveFontStack's, cut
 * to its first family when that bundled alias has a glyph for every code
 * point of the text. Skia's shaper takes, for each character, the first
 * family in the list that maps it, so when the first one maps them all the
 * rest is never consulted and the glyphs, advances and kerning are the same.
 * The cut is what makes a new text cheap: Skia resolves every family of the
 * list on each measureText and on each fillText replay, and with the ~240
 * subset aliases and fallbacks of a full stack that took ~4 ms a call on this
 * VM, against ~0.02 ms for one family. Anything else (account fonts first,
 * an unknown family, a character outside the first subset) keeps the whole
 * stack. Before the whole stack is handed out, the family's other subsets
 * are registered, and the fallbacks too unless the first family's subsets
 * together map every character (a Polish or Greek text in Inter): then Skia
 * never gets past them either.
 */
export function fontStackFor(text: string, fontFamily: string, weight: number, style: string, accountKeys?: ReadonlySet<string>): string {
  const { stack, lead, leadFamily } = resolveStack(fontFamily, weight, style, accountKeys);
  if (lead && covers(coverageOf(lead), text)) return quote(lead.alias);
  // Lines are split where Fabric splits them and each is drawn with a stack of its own, so a line
  // break is never shaped: what a multi-line text needs registered is what its lines need.
  const drawn = text.replace(LINE_BREAK, '');
  if (!lead || !covers(coverageOf(lead), drawn)) {
    // The whole stack names every subset of the families: each must be drawable before Skia searches it.
    ensureFamilySubsets();
    if (!coveredByAny(leadFamily, drawn)) ensureFallbackFonts();
  }
  return stack;
}

/** Fabric's own line separator. */
const LINE_BREAK = /\r?\n/g;

/** Whether each code point of `text` is mapped by at least one of `subsets` (none: false). */
function coveredByAny(subsets: readonly SubsetFiles[], text: string): boolean {
  if (subsets.length === 0) return false;
  const coverages = subsets.map(coverageOf);
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    if (!coverages.some((c) => c?.has(cp))) return false;
  }
  return true;
}
