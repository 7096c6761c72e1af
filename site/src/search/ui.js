// The lazily loaded part of search: the query engine, the result list and the page highlighter.
export { chunkUrl, createEngine, highlightWords } from './engine.js';
export { default as SearchResults } from './SearchResults.jsx';
