import type { ContentService } from './service';

/** The content module's public face. */
export { contentModule } from './manifest';
export type { ContentService } from './service';

declare module '../../platform/module' {
  interface Services {
    content: ContentService;
  }
}
