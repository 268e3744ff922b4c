import type { ProductService } from './service';

/** The products module's public face. */
export { productsModule } from './manifest';
export type { ProductService } from './service';

declare module '../../platform/module' {
  interface Services {
    products: ProductService;
  }
}
