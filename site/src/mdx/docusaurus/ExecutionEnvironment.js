// ExecutionEnvironment is Docusaurus's: what the code runs in, the browser or the server's render.
// A module that reads it at its top level (`canUseDOM ? navigator.platform : …`) reads it once, in
// each.
const canUseDOM = typeof window !== 'undefined' && 'document' in window && 'createElement' in window.document;

const ExecutionEnvironment = {
  canUseDOM,
  canUseEventListeners: canUseDOM && 'addEventListener' in window,
  canUseIntersectionObserver: canUseDOM && 'IntersectionObserver' in window,
  canUseViewport: canUseDOM && 'screen' in window,
};

export default ExecutionEnvironment;
