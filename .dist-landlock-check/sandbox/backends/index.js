// OS sandboxes for commands: bubblewrap, Landlock where bubblewrap cannot run, or explicitly none.
export { createBwrapBackend } from './bwrap.js';
export { chooseIdentity, NOBODY } from './identity.js';
export { createLandlockBackend } from './landlock.js';
export { clearLandlockSupport, DEFAULT_LANDLOCK_HELPER, landlockSupport, } from './landlock-helper.js';
export { createNoneBackend, UNSANDBOXED_NOTICE } from './none.js';
export { clearBackendProbes, probeBwrap, selectBackend, unavailableBackend, } from './select.js';
export { DEFAULT_SYSTEM_PATHS } from './system-view.js';
//# sourceMappingURL=index.js.map