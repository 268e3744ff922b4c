// The page's Content-Security-Policy allows no eval, so zod must never try its compiled (new Function) parsers: its
// probe alone is reported as a violation. zod reads this global as it builds each object schema, which happens when
// the contract's chunk is evaluated, before any of the app's own code runs (bundlers hoist static imports). A classic
// script runs while the page is parsed, before every module script, so this is set first. Kept out of the bundle.
(globalThis.__zod_globalConfig = globalThis.__zod_globalConfig || {}).jitless = true;
