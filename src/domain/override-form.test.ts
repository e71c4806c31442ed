import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../repo-root.js';
import { allowedOverrideProperties, applyOverrides } from './overrides.js';
import { overrideForm } from './override-form.js';
import { namedObjects } from './elements.js';
import type { TemplateDocument } from './template.js';

const demos = readdirSync(path.join(repoRoot(), 'templates', 'demo'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(path.join(repoRoot(), 'templates', 'demo', f), 'utf8')) as { name: string; template: TemplateDocument });
const fonts = ['Inter', 'Lato', 'Montserrat', 'Playfair Display', 'Roboto', 'Open Sans', 'Poppins', 'Great Vibes', 'Dancing Script', 'Oswald', 'Merriweather'];

test('the form lists, for every named element, exactly the properties generate accepts', () => {
  for (const { name, template } of demos) {
    const form = overrideForm(template, fonts);
    const objects = namedObjects(template);
    assert.deepEqual(
      form.map((e) => e.name),
      [...objects.keys()],
      name,
    );
    for (const element of form) {
      assert.deepEqual(
        element.fields.map((f) => f.property),
        allowedOverrideProperties(objects.get(element.name)!),
        `${name}/${element.name}`,
      );
    }
  }
});

test("sending back every current value the form shows is accepted by generate's rules", () => {
  for (const { name, template } of demos) {
    const families = [...fonts, ...[...namedObjects(template).values()].map((o) => String(o.fontFamily ?? 'Inter'))];
    const form = overrideForm(template, families);
    const changes = Object.fromEntries(form.map((e) => [e.name, Object.fromEntries(e.fields.filter((f) => f.value !== null).map((f) => [f.property, f.value]))]));
    const applied = applyOverrides(template, changes, { fontFamilies: families });
    assert.ok(applied.ok, `${name}: ${applied.ok ? '' : JSON.stringify(applied.errors.slice(0, 3))}`);
  }
});

test('types carry what an input needs: ranges for numbers, the list for enums, the families for fonts', () => {
  const form = overrideForm(demos[0].template, fonts);
  const fields = form.flatMap((e) => e.fields);
  const opacity = fields.find((f) => f.property === 'opacity')!;
  assert.deepEqual([opacity.type, opacity.min, opacity.max], ['number', 0, 1]);
  const align = fields.find((f) => f.property === 'textAlign');
  if (align) assert.deepEqual(align.values?.slice(0, 3), ['left', 'center', 'right']);
  const family = fields.find((f) => f.property === 'fontFamily');
  if (family) assert.deepEqual(family.choices, fonts);
  assert.ok(fields.filter((f) => f.property === 'visible').every((f) => f.value === true || f.value === false));
});
