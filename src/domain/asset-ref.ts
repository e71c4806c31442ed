/**
 * How a template names an uploaded asset: the absolute URL the asset is served
 * at, `${PUBLIC_URL}/assets/ast_<32 hex>`. The editor can load that URL into a
 * Fabric Image as is (same origin, session cookie), and the server recognises
 * exactly that prefix and reads the bytes from its own storage instead of
 * making an HTTP request to itself. Browser-safe: the editor uses it too.
 */
export const ASSET_ID_PATTERN = /^ast_[0-9a-f]{32}$/;

export function assetUrl(publicUrl: string, assetId: string): string {
  return `${publicUrl}/assets/${assetId}`;
}

/**
 * The asset `src` refers to on this server, or null for any other URL (which
 * is fetched as usual). Anything under the prefix counts, malformed ids
 * included, so such a URL reads as a missing asset instead of making the
 * server fetch from itself.
 */
export function assetIdOf(src: string, publicUrl: string): string | null {
  const prefix = `${publicUrl}/assets/`;
  return src.startsWith(prefix) ? src.slice(prefix.length) : null;
}
