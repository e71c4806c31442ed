import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PixelScavenger } from './pixel-scavenger.js';

// scavenges counts only collections that ran, so this also checks that a
// thread started without --expose-gc gets V8's gc.
test('scavenges once the released bytes reach the threshold, not before', () => {
  const scavenger = new PixelScavenger(1000);
  scavenger.released(600);
  assert.equal(scavenger.scavenges, 0);
  scavenger.released(600);
  assert.equal(scavenger.scavenges, 1);
  scavenger.released(600);
  assert.equal(scavenger.scavenges, 1, 'the count starts again after a scavenge');
});

test('while an encode runs alone, any released bytes are collected whatever the threshold', () => {
  const scavenger = new PixelScavenger(1000);
  scavenger.whileEncodingAlone();
  assert.equal(scavenger.scavenges, 0, 'nothing released, nothing to collect');
  scavenger.released(600);
  scavenger.whileEncodingAlone();
  assert.equal(scavenger.scavenges, 1);
  scavenger.released(600);
  assert.equal(scavenger.scavenges, 1, 'the threshold counts from the last collection');
});
