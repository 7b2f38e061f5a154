// Output policies: what the model sees (bounded, outside text framed as untrusted), what storage keeps, what
// recovery gets, and how often progress is reported.
export { buildEvidence, type Evidence } from './evidence.js';
export { IMAGE_MIME_TYPES, imageProblem } from './images.js';
export {
  DEFAULT_LIMITS,
  formatBytes,
  type Projection,
  type ProjectionLimits,
  projectText,
} from './project.js';
export { stripTerminalControls } from './sanitize.js';
export { OutputStore, type OutputStoreOptions, type ReadWindow, type SavedOutput } from './storage.js';
export { LatestThrottle } from './throttle.js';
export { defuse, frameUntrusted, labelSafe, oneLine, untrustedClose, untrustedOpen } from './untrusted.js';
