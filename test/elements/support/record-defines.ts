// Records every custom element defined from here on. Import it before anything that defines one
// (first in the test file): ES modules run in import order.
const defined: string[] = [];
const define = customElements.define.bind(customElements);
customElements.define = (name: string, constructor: CustomElementConstructor, options?: ElementDefinitionOptions) => {
  defined.push(name);
  define(name, constructor, options);
};

export const definedElements = (): string[] => [...defined];
