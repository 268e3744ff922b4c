import type { CopyService } from './service';

/** The copy-trading module's public face. */
export { copyModule } from './manifest';
export type { CopyService } from './service';

declare module '../../platform/module' {
  interface Services {
    copy: CopyService;
  }
}
