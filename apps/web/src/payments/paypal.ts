/** The part of PayPal's JS SDK the app uses: buttons that create, approve and hand back an order. */
export type PaypalButtons = {
  render: (container: HTMLElement) => Promise<void>;
  close?: () => Promise<void>;
};
export type PaypalSdk = {
  Buttons: (options: {
    createOrder: () => Promise<string>;
    onApprove: (data: { orderID: string }) => Promise<void>;
    onCancel?: () => void;
    onError?: (error: unknown) => void;
  }) => PaypalButtons;
};

const loading = new Map<string, Promise<PaypalSdk>>();

/**
 * Loads PayPal's JS SDK once per address, only when a player is about to pay: pages without
 * payments never fetch it. The locale follows the player's language (spec section 10).
 */
export function loadPaypal(sdkUrl: string, clientId: string, currency: string, language: 'de' | 'en'): Promise<PaypalSdk> {
  const url = new URL(sdkUrl);
  url.searchParams.set('client-id', clientId);
  url.searchParams.set('currency', currency);
  url.searchParams.set('locale', language === 'de' ? 'de_DE' : 'en_US');
  const address = url.toString();
  let sdk = loading.get(address);
  if (!sdk) {
    sdk = new Promise<PaypalSdk>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = address;
      script.async = true;
      script.onload = () => {
        const paypal = (window as { paypal?: PaypalSdk }).paypal;
        if (paypal) resolve(paypal);
        else reject(new Error('the PayPal SDK loaded without `paypal`'));
      };
      script.onerror = () => reject(new Error(`the PayPal SDK did not load from ${url.origin}`));
      document.head.append(script);
    });
    sdk.catch(() => loading.delete(address));
    loading.set(address, sdk);
  }
  return sdk;
}
