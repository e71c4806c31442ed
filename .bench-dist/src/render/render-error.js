/** A render failure whose message is safe to show a user; `element` names the object at fault. */
export class RenderError extends Error {
    element;
    constructor(message, element) {
        super(message);
        this.name = 'RenderError';
        if (element !== undefined)
            this.element = element;
    }
}
//# sourceMappingURL=render-error.js.map