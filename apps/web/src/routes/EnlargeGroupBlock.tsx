import { useEffect, useRef, useState } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { isApiError, type Group } from '@scorecast/api-client';
import { EnlargeGroup, Popup, type PaymentOption } from '@scorecast/ui';
import { api } from '../api';
import { buyWithPlay, playProducts } from '../payments/googlePlay';
import { loadPaypal } from '../payments/paypal';
import { notify } from '../state/notice.atoms';
import { loadSession, settingsAtom, userAtom, type AppStore } from '../state/session.atoms';

type Failure = 'message.paymentFailed' | 'message.paymentsNotPossible';

const failureOf = (error: unknown): Failure => (isApiError(error) && error.status === 503 ? 'message.paymentsNotPossible' : 'message.paymentFailed');

/** Shows the server's localized thanks and reloads the groups, whose cap has grown. */
async function enlarged(store: AppStore, message: string): Promise<void> {
  notify(store, { kind: 'success', key: 'enlarge.title', text: message });
  await loadSession(store);
}

/**
 * The creator's enlarge block (spec section 2): shown for a capped group when the server offers
 * payment options. Google Play's billing is used where the device has it (spec section 10),
 * otherwise PayPal's buttons. Our server creates, captures and verifies every payment, so the
 * browser never decides what was paid.
 */
export function EnlargeGroupBlock({ group }: { group: Group }) {
  const store = useStore();
  const settings = useAtomValue(settingsAtom);
  const language = useAtomValue(userAtom)?.language ?? 'en';
  const [chosen, setChosen] = useState<PaymentOption>();
  const [inPlay, setInPlay] = useState<Set<string>>(new Set());
  const options = settings?.paymentOptions?.[group.id] ?? [];
  const productIds = options.map((option) => option.productId).join(',');

  useEffect(() => {
    if (!settings?.googlePlay || !productIds) return;
    let current = true;
    void playProducts(productIds.split(',')).then((products) => current && setInPlay(products));
    return () => {
      current = false;
    };
  }, [settings?.googlePlay, productIds]);

  const offered = options.filter((option) => inPlay.has(option.productId) || settings?.paypal);
  if (group.maxPlayers == null || offered.length === 0) return null;

  const buy = (option: PaymentOption) => {
    if (!inPlay.has(option.productId)) return setChosen(option);
    buyWithPlay(option.productId, (purchaseToken) => api.verifyGooglePurchase({ groupId: group.id, paymentOption: option.productId, purchaseToken, language }))
      .then((answer) => answer && enlarged(store, answer.message))
      .catch((error: unknown) => notify(store, { kind: 'error', key: failureOf(error) }));
  };
  return (
    <>
      <EnlargeGroup maxPlayers={group.maxPlayers} options={offered} onBuy={buy} />
      {chosen && <PaypalCheckout group={group} option={chosen} onClose={() => setChosen(undefined)} />}
    </>
  );
}

function PaypalCheckout({ group, option, onClose }: { group: Group; option: PaymentOption; onClose: () => void }) {
  const store = useStore();
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const language = useAtomValue(userAtom)?.language ?? 'en';
  const buttonsRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const paypal = settings?.paypal;

  useEffect(() => {
    if (!paypal) return;
    let closed = false;
    const fail = (key: Failure) => {
      closeRef.current();
      notify(store, { kind: 'error', key });
    };
    loadPaypal(paypal.sdkUrl ?? 'https://www.paypal.com/sdk/js', paypal.clientId, option.currency, language)
      .then((sdk) => {
        if (closed || !buttonsRef.current) return;
        // The order is created and captured by our server; PayPal's window only approves it.
        let failure: Failure = 'message.paymentFailed';
        return sdk
          .Buttons({
            createOrder: async () => {
              try {
                return (await api.createPaypalOrder({ groupId: group.id, paymentOption: option.productId })).orderID;
              } catch (error) {
                failure = 'message.paymentsNotPossible';
                throw error;
              }
            },
            onApprove: async ({ orderID }) => {
              try {
                const { message } = await api.capturePaypalOrder({ orderID }, { language });
                closeRef.current();
                await enlarged(store, message);
              } catch (error) {
                fail(failureOf(error));
              }
            },
            onError: () => fail(failure),
          })
          .render(buttonsRef.current);
      })
      .catch(() => fail('message.paymentsNotPossible'));
    return () => {
      closed = true;
    };
  }, [store, paypal, group.id, option, language]);

  return (
    <Popup kind="question" title={t('enlarge.title')} message={t('enlarge.choose')} buttons={[{ label: t('enlarge.cancel'), onClick: onClose, variant: 'secondary' }]} onClose={onClose}>
      {/* PayPal draws its buttons at the width of this box. */}
      <div ref={buttonsRef} style={{ width: '100%' }} />
    </Popup>
  );
}
