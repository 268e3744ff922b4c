import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

const cache = new WeakMap<object, LazyExoticComponent<ComponentType>>();

/**
 * One lazy component per registry entry (a page, a dashboard card), made once. A lazy component made during render
 * would be made again at every retry of a render that suspended — a new import each time, suspending forever.
 * `fresh` replaces it after a failed import (React keeps a lazy component's error).
 */
export function lazyOf(
  entry: object,
  load: () => Promise<{ default: ComponentType }>,
  fresh = false,
): LazyExoticComponent<ComponentType> {
  let component = cache.get(entry);
  if (!component || fresh) {
    component = lazy(load);
    cache.set(entry, component);
  }
  return component;
}
