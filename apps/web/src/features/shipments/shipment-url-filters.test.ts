import { describe, expect, it } from 'vitest';
import { shipmentFiltersFromUrl } from './shipment-url-filters.ts';

const url = (query: string) => new URLSearchParams(query);

describe('the filters the shipment list opens with', () => {
  it('opens on the trucks waiting for acceptance for those who accept loads but do not run shipments', () => {
    expect(shipmentFiltersFromUrl(url(''), true)).toEqual({ awaitingAcceptance: true });
    expect(shipmentFiltersFromUrl(url(''), false)).toEqual({});
  });

  it("follows a link's filters, Ana Sayfa's cards included, ignoring what it does not know", () => {
    expect(shipmentFiltersFromUrl(url('awaitingAcceptance=true'), false)).toEqual({
      awaitingAcceptance: true,
    });
    expect(shipmentFiltersFromUrl(url('status=LOAD_WEIGHT_CHECK'), true)).toEqual({
      status: 'LOAD_WEIGHT_CHECK',
    });
    expect(shipmentFiltersFromUrl(url('status=NOPE'), false)).toEqual({});
  });
});
