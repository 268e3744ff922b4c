// The console's Content-Security-Policy allows no eval: zod must not try its compiled (new Function) parsers, whose
// probe alone is reported as a violation. zod reads this global as it builds each object schema — which the contract
// does when it loads — so it is set here, in the entry chunk, before anything that imports the contract is loaded
// (main.tsx imports the rest of the console dynamically, after this has run).
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}
(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
