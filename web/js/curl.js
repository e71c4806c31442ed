// The curl command for a request, ready to paste into a POSIX shell. The key
// is left as $IMPRINT_KEY so the page never shows it on screen (screen
// sharing, screenshots) and the command matches the server's first-run hint.

/** Single-quotes a string for sh: the only character that needs care is ' itself. */
export function shellQuote(text) {
  return `'${String(text).replace(/'/g, `'\\''`)}'`;
}

export function curlCommand({ method, url, body }) {
  const lines = [`curl -s${method === 'GET' ? '' : ` -X ${method}`} ${shellQuote(url)}`, `  -H "Authorization: Bearer $IMPRINT_KEY"`];
  if (body !== undefined) {
    lines.push(`  -H 'Content-Type: application/json'`);
    lines.push(`  -d ${shellQuote(JSON.stringify(body, null, 2))}`);
  }
  return lines.join(' \\\n');
}
