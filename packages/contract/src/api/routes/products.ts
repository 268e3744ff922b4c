import { z } from 'zod';
import { operator, PUBLIC } from '../access';
import { route } from '../define';
import { PRODUCTS } from '../products';

export const ProductKeySchema = z.enum(PRODUCTS);

/** What the app needs to know of a product: whether it can be used now. */
export const ProductAvailability = z.object({
  key: ProductKeySchema,
  available: z.boolean().describe('built and switched on'),
});

/** The operator's view: built (a module provides it) and switched on. */
export const ProductSwitch = z.object({
  key: ProductKeySchema,
  built: z.boolean(),
  enabled: z.boolean(),
  available: z.boolean(),
  updatedAt: z.number().int().nullable(),
});
export type ProductSwitch = z.infer<typeof ProductSwitch>;

export const ProductSwitchBody = z.object({ key: ProductKeySchema, enabled: z.boolean() });

/** Product switches. */
export const productsApi = {
  list: route({
    method: 'GET',
    path: '/api/common/products',
    access: PUBLIC,
    tags: ['common'],
    summary: 'Every product and whether it is available now (the app hides what is not)',
    data: z.array(ProductAvailability),
  }),
} as const;

export const productsAdminApi = {
  list: route({
    method: 'GET',
    path: '/admin/api/products',
    access: operator('products.manage'),
    tags: ['operator: products'],
    summary: 'Every product: built or not, switched on or off',
    data: z.array(ProductSwitch),
  }),
  update: route({
    method: 'POST',
    path: '/admin/api/products/update',
    access: operator('products.manage'),
    tags: ['operator: products'],
    summary:
      'Switch a product on or off (off: no banner, shortcut, wallet tab or transfer target; its calls are refused)',
    body: ProductSwitchBody,
    data: ProductSwitch,
  }),
} as const;
