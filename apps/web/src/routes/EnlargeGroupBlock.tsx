import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { isApiError, type Group } from '@scorecast/api-client';
import { EnlargeGroup, Popup, type PaymentOption } from '@scorecast/ui';
import { api } from '../api';
import { loadPaypal } from '../payments/paypal';
import { notify } from '../state/notice.atoms';
import { loadSession, settingsAtom, userAtom } from '../state/session.atoms';

/**
 * The creator's enlarge block (spec section 2): shown for a capped group when the server offers
 * payment options. Choosing one opens PayPal's buttons; the server creates and captures the order,
 * so the browser never decides what was paid.
 */
export function EnlargeGroupBlock({ group }: { group: Group }) {
  const settings = useAtomValue(settingsAtom);
  const [chosen, setChosen] = useState<PaymentOption>();
  const options = settings?.paymentOptions?.[group.id] ?? [];
  if (!settings?.paypal || group.maxPlayers == null || options.length === 0) return null;
  return (
    <>
      <EnlargeGroup maxPlayers={group.maxPlayers} options={options} onBuy={setChosen} />
      {chosen && <PaypalCheckout group={group} option={chosen} onClose={() => setChosen(undefined)} />}
    </>
  );
}

function PaypalCheckout({ group, option, onClose }: { group: Group; option: PaymentOption; onClose: () => void }) {
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
    const fail = (key: 'message.paymentFailed' | 'message.paymentsNotPossible') => {
      closeRef.current();
      notify({ kind: 'error', key });
    };
    loadPaypal(paypal.sdkUrl ?? 'https://www.paypal.com/sdk/js', paypal.clientId, option.currency, language)
      .then((sdk) => {
        if (closed || !buttonsRef.current) return;
        // The order is created and captured by our server; PayPal's window only approves it.
        let failure: 'message.paymentFailed' | 'message.paymentsNotPossible' = 'message.paymentFailed';
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
                notify({ kind: 'success', key: 'enlarge.title', text: message });
                await loadSession();
              } catch (error) {
                fail(isApiError(error) && error.status === 503 ? 'message.paymentsNotPossible' : 'message.paymentFailed');
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
  }, [paypal, group.id, option, language]);

  return (
    <Popup kind="question" title={t('enlarge.title')} message={t('enlarge.choose')} buttons={[{ label: t('enlarge.cancel'), onClick: onClose, variant: 'secondary' }]} onClose={onClose}>
      {/* PayPal draws its buttons at the width of this box. */}
      <div ref={buttonsRef} style={{ width: '100%' }} />
    </Popup>
  );
}
