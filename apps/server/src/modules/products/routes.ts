import { productsAdminApi, productsApi } from '@bourse/contract';
import type { Router } from '../../http/router';
import { serve, serveAction } from '../../http/routes';
import type { ProductService } from './service';

export function productRoutes(app: Router, products: ProductService): void {
  serve(app, productsApi.list, () => products.availability());
}

export function productAdminRoutes(app: Router, products: ProductService): void {
  serve(app, productsAdminApi.list, () => products.list());
  serveAction(app, productsAdminApi.update, { apply: ({ body }) => products.setEnabled(body.key, body.enabled) });
}
