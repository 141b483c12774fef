// The part of the vendored Observatory (src/, MPL-2.0) that our TypeScript uses; index.d.ts types it.
export { analyzeScan } from "./src/scanner/index.js";
export { getGradeForScore, getScoreModifier } from "./src/grader/grader.js";
export { parseHttpEquivHeaders } from "./src/retriever/utils.js";
export { Site } from "./src/site.js";
export { Expectation, HTML_TYPES, Requests } from "./src/types.js";
export { collectElements } from "./src/utils/html-parser.js";
