import { defineModule } from '../../platform/module';
import { productAdminRoutes, productRoutes } from './routes';
import { ProductService } from './service';

/**
 * The product switches. Listed first: the route layer asks it whether a route's product is available, and other
 * modules ask it before offering a product's wallet, banner or shortcut.
 */
export const productsModule = defineModule({
  name: 'products',
  create(kit) {
    const products = new ProductService(kit.db, kit.tx, kit.clock);
    kit.access.productAvailable = (key) => products.isAvailable(key);
    return products;
  },
  routes: productRoutes,
  operatorRoutes: productAdminRoutes,
});
