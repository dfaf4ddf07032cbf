// Google Play Billing through the Digital Goods API and Payment Request, available when the app
// runs as the store's Android app (a Trusted Web Activity); elsewhere the page uses PayPal.
const PLAY_BILLING = 'https://play.google.com/billing';

type ItemDetails = { itemId: string };
type DigitalGoodsService = { getDetails: (itemIds: string[]) => Promise<ItemDetails[]> };
type PlayWindow = { getDigitalGoodsService?: (paymentMethod: string) => Promise<DigitalGoodsService | null> };

/** The Play products this device can buy, out of `productIds`; empty outside the Play app. */
export async function playProducts(productIds: readonly string[]): Promise<Set<string>> {
  const service = await (window as PlayWindow).getDigitalGoodsService?.(PLAY_BILLING).catch(() => null);
  if (!service || typeof PaymentRequest === 'undefined') return new Set();
  const details = await service.getDetails([...productIds]).catch(() => []);
  return new Set(details.map((item) => item.itemId));
}

/**
 * Buys a product in the Play sheet and hands its purchase token to `verify` (our server), then
 * tells the sheet how it ended. Undefined when the player closed the sheet.
 */
export async function buyWithPlay<T>(productId: string, verify: (purchaseToken: string) => Promise<T>): Promise<T | undefined> {
  // Play takes the price from the product; the Payment Request API insists on a total.
  const request = new PaymentRequest([{ supportedMethods: PLAY_BILLING, data: { sku: productId } }], { total: { label: 'Total', amount: { currency: 'EUR', value: '0' } } });
  let response: PaymentResponse;
  try {
    response = await request.show();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return undefined;
    throw error;
  }
  try {
    const result = await verify((response.details as { purchaseToken: string }).purchaseToken);
    await response.complete('success');
    return result;
  } catch (error) {
    await response.complete('fail');
    throw error;
  }
}
