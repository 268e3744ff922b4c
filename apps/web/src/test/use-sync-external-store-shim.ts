// Tests only: the shim package is CommonJS and would load the root's React 18; React 19 has the hook built in.
export { useSyncExternalStore } from 'react';
