import { PRODUCTS } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness';
import { ProductService } from './service';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

describe('product switches', () => {
  it('every product of the catalogue is built by a module of this server', () => {
    const unbuilt = server.ctx.products.list().filter((p) => !p.built);
    expect(unbuilt.map((p) => p.key)).toEqual([]);
    expect(server.ctx.products.list().map((p) => p.key)).toEqual([...PRODUCTS]);
  });

  it('a product no module provides stays closed whatever its switch says; a built one follows its switch', () => {
    // A server whose modules provide only spot (as a deployment without the other modules would be).
    const products = new ProductService(server.ctx.db, server.ctx.tx, { now: () => 1 });
    products.declareBuilt(['spot']);
    const other = PRODUCTS.find((key) => key !== 'spot') ?? 'futures';
    expect(products.setEnabled(other, true)).toMatchObject({
      key: other,
      built: false,
      enabled: true,
      available: false,
    });
    expect(() => products.requireAvailable(other)).toThrow();
    expect(products.setEnabled('spot', false)).toMatchObject({ built: true, enabled: false, available: false });
    expect(products.setEnabled('spot', true)).toMatchObject({ built: true, enabled: true, available: true });
  });
});
