// Recognises React DOM's client code in a script Chromium downloaded, whatever chunk it was bundled into: the keys it
// stores on DOM nodes survive minification, and only react-dom/client has them. Used by the page-weight spec and bench.
const REACT_DOM_CLIENT = /__reactContainer\$|__reactFiber\$/;

export function isReactDomClient(code: string): boolean {
  return REACT_DOM_CLIENT.test(code);
}
