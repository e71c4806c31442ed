/** A render failure whose message is safe to show a user; `element` names the object at fault. */
export class RenderError extends Error {
  element?: string;
  constructor(message: string, element?: string) {
    super(message);
    this.name = 'RenderError';
    if (element !== undefined) this.element = element;
  }
}
