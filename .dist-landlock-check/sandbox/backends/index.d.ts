export type { BackendStatus, SandboxBackend, SandboxCommand, SandboxIdentity, SandboxInfo, SandboxPolicy, WrapResult, } from '../process/backend-types.js';
export { type BwrapOptions, createBwrapBackend } from './bwrap.js';
export { chooseIdentity, NOBODY, type RunAs } from './identity.js';
export { createLandlockBackend, type LandlockOptions } from './landlock.js';
export { clearLandlockSupport, DEFAULT_LANDLOCK_HELPER, type LandlockSupport, landlockSupport, } from './landlock-helper.js';
export { createNoneBackend, UNSANDBOXED_NOTICE } from './none.js';
export { clearBackendProbes, probeBwrap, type SandboxChoice, type SelectOptions, selectBackend, unavailableBackend, } from './select.js';
export { DEFAULT_SYSTEM_PATHS } from './system-view.js';
