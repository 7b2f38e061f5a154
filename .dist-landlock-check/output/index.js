// Output policies: what the model sees, what storage keeps, and what recovery gets.
export { buildEvidence } from './evidence.js';
export { IMAGE_MIME_TYPES, imageProblem } from './images.js';
export { DEFAULT_LIMITS, formatBytes, projectText, } from './project.js';
export { stripTerminalControls } from './sanitize.js';
export { OutputStore } from './storage.js';
//# sourceMappingURL=index.js.map