import { isValidElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from '../router';

// D128: the payment screen is an area of its own under the orders area's address; the router must
// give /sale-order/payment/{id} to it and everything else under /sale-order to the orders area.
function areaFor(pathname: string): string | undefined {
  const router = createAppRouter();
  try {
    const matches = matchRoutes(router.routes, pathname, '/portal') ?? [];
    const element = matches[matches.length - 1]?.route.element;
    return isValidElement<{ areaPath?: string }>(element) ? element.props.areaPath : undefined;
  } finally {
    router.dispose();
  }
}

describe('payment route ranking', () => {
  it('sends /sale-order/payment/{id} to orderpayment and the rest of /sale-order to orders', () => {
    expect(areaFor('/portal/sale-order/payment/41')).toBe('sale-order/payment');
    expect(areaFor('/portal/sale-order/41')).toBe('sale-order');
    expect(areaFor('/portal/sale-order')).toBe('sale-order');
  });
});
