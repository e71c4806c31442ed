/**
 * Undo/redo over immutable snapshots, knowing nothing of Fabric or the DOM.
 * Snapshots (the serialized document) rather than inverse commands: every
 * Fabric mutation — drag, text edit, property field — becomes undoable
 * without writing an inverse for each, and a 1,000-object template is about
 * 300 KB of JSON, so 200 steps stay within a few tens of MB.
 */
export class History<T> {
  private past: T[] = [];
  private future: T[] = [];
  private current: T;

  constructor(
    initial: T,
    private readonly limit = 200,
  ) {
    this.current = initial;
  }

  /** Starts over (a template was loaded): nothing to undo. */
  reset(state: T): void {
    this.past = [];
    this.future = [];
    this.current = state;
  }

  /** Records a new state; returns false (and records nothing) when it equals the current one. */
  push(state: T, equal: (a: T, b: T) => boolean = Object.is): boolean {
    if (equal(state, this.current)) return false;
    this.past.push(this.current);
    if (this.past.length > this.limit) this.past.shift();
    this.current = state;
    this.future = [];
    return true;
  }

  undo(): T | null {
    const previous = this.past.pop();
    if (previous === undefined) return null;
    this.future.push(this.current);
    this.current = previous;
    return previous;
  }

  redo(): T | null {
    const next = this.future.pop();
    if (next === undefined) return null;
    this.past.push(this.current);
    this.current = next;
    return next;
  }

  get present(): T {
    return this.current;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }
}
