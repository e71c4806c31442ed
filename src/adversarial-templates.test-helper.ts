/**
 * Templates built to cost as much as possible: the blur bomb the render budget
 * must refuse, and the slowest render it still admits. Shared by the budget
 * tests and the attacker benchmark so both measure the same thing.
 */
export const shadowedRects = (count: number, side: number) => ({
  version: '7.0.0',
  width: side,
  height: side,
  background: '#ffffff',
  objects: Array.from({ length: count }, (_, i) => ({
    type: 'Rect',
    name: `r${i}`,
    originX: 'left',
    originY: 'top',
    left: 0,
    top: 0,
    width: side,
    height: side,
    fill: '#336699',
    shadow: { color: 'rgba(0,0,0,0.5)', blur: 1000, offsetX: 5, offsetY: 5 },
  })),
});

/** Within the static budget (39 MP output and blur, 470 MP painted), yet seconds of Skia work (~6 s on our VM). */
export function slowWithinBudget() {
  const rect = (o: Record<string, unknown>) => ({
    type: 'Rect',
    originX: 'left',
    originY: 'top',
    left: 0,
    top: 0,
    width: 8000,
    height: 4900,
    fill: '#336699',
    strokeWidth: 0,
    ...o,
  });
  return {
    version: '7.0.0',
    width: 8000,
    height: 4900,
    background: '#ffffff',
    objects: [
      rect({ name: 'blurred', shadow: { color: 'rgba(0,0,0,0.5)', blur: 1000, offsetX: 5, offsetY: 5 } }),
      ...Array.from({ length: 11 }, (_, i) => rect({ name: `layer${i}`, fill: i % 2 ? '#abcdef' : '#fedcba', opacity: 0.5 })),
    ],
  };
}
