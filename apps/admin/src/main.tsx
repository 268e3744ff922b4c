// First, before any module that builds a zod schema: the console runs under a policy without eval.
import './lib/zodPolicy';

// Everything else arrives as one dynamic import, so it is evaluated only after the line above has run.
void import('./bootstrap').then((module) => module.start());
