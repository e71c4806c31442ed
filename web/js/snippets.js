// The same API request as code to paste: curl, JavaScript fetch, Python requests.
// Each language is one function of one request description { method, url, body },
// so the three can never drift apart. The key is always read from IMPRINT_KEY, so
// the page never shows it on screen (screen sharing, screenshots) and every snippet
// matches the server's first-run hint.

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

/** JSON text is a JavaScript expression as is (ES2019 allows U+2028 in strings); it only needs re-indenting. */
function indentBlock(text, by) {
  return text.split('\n').join(`\n${' '.repeat(by)}`);
}

export function fetchSnippet({ method, url, body }) {
  const lines = [
    `const response = await fetch(${JSON.stringify(url)}, {`,
    `  method: ${JSON.stringify(method)},`,
    '  headers: {',
    '    Authorization: `Bearer ${process.env.IMPRINT_KEY}`,',
  ];
  if (body !== undefined) lines.push(`    'Content-Type': 'application/json',`);
  lines.push('  },');
  if (body !== undefined) lines.push(`  body: JSON.stringify(${indentBlock(JSON.stringify(body, null, 2), 2)}),`);
  lines.push('});', 'const result = await response.json();', 'if (!response.ok) throw new Error(`${result.code}: ${result.message}`);', 'console.log(result.imageURL);');
  return lines.join('\n');
}

/**
 * A Python literal for a JSON value. A JSON string is a valid Python string literal
 * (same escapes, \uXXXX included); only true/false/null are spelled differently.
 */
function pythonLiteral(value, depth = 0) {
  const pad = '    '.repeat(depth + 1);
  const end = '    '.repeat(depth);
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    return `[\n${value.map((v) => `${pad}${pythonLiteral(v, depth + 1)},`).join('\n')}\n${end}]`;
  }
  const entries = Object.entries(value);
  if (!entries.length) return '{}';
  return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${pythonLiteral(v, depth + 1)},`).join('\n')}\n${end}}`;
}

export function pythonSnippet({ method, url, body }) {
  const lines = [
    'import os',
    'import requests',
    '',
    `response = requests.${method.toLowerCase()}(`,
    `    ${JSON.stringify(url)},`,
    `    headers={"Authorization": f"Bearer {os.environ['IMPRINT_KEY']}"},`,
  ];
  if (body !== undefined) lines.push(`    json=${pythonLiteral(body, 1)},`);
  lines.push('    timeout=60,', ')', 'response.raise_for_status()', 'print(response.json()["imageURL"])');
  return lines.join('\n');
}

/** The languages the playground offers, in the order of its tabs. */
export const SNIPPETS = [
  { id: 'curl', label: 'curl', render: curlCommand },
  { id: 'fetch', label: 'JavaScript fetch', render: fetchSnippet },
  { id: 'python', label: 'Python requests', render: pythonSnippet },
];
