import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductId } from '@scorecast/rules';
import { button, card, heading, muted } from '../../styles/controls.css';
import * as styles from './EnlargeGroup.css';

/** A payment option from the server (spec section 3), with the size it upgrades to. */
export type PaymentOption = { productId: ProductId; productName?: string; amount: number; currency: string; maxPlayers?: number | undefined };

export type EnlargeGroupProps = { maxPlayers: number; options: readonly PaymentOption[]; onBuy: (option: PaymentOption) => void };

/** The creator's block to pay for a larger group: one button per payment option. */
export function EnlargeGroup({ maxPlayers, options, onBuy }: EnlargeGroupProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  if (options.length === 0) return null;
  return (
    <section className={`${card} ${styles.block}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={heading}>
        {t('enlarge.title')}
      </h2>
      <p className={muted}>{t('enlarge.hint', { max: maxPlayers })}</p>
      <div className={styles.options}>
        {options.map((option) => {
          const price = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: option.currency }).format(option.amount);
          return (
            <button key={option.productId} type="button" className={button.secondary} onClick={() => onBuy(option)}>
              {option.maxPlayers ? t('enlarge.toPlayers', { max: option.maxPlayers, price }) : t('enlarge.toUnlimited', { price })}
            </button>
          );
        })}
      </div>
    </section>
  );
}
