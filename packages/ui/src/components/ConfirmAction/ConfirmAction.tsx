import { useId, useState, type ReactNode } from 'react';
import { button } from '../../styles/controls.css';
import * as styles from './ConfirmAction.css';

/** `describedBy`: the id of a text that says more about the switch than its label. */
export type SwitchProps = { label: ReactNode; checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean; describedBy?: string | undefined };

/** An on/off switch with its label. */
export function Switch({ label, checked, onChange, disabled, describedBy }: SwitchProps) {
  const id = useId();
  return (
    <label className={styles.switchRow} htmlFor={id}>
      <input id={id} type="checkbox" role="switch" className={styles.switchInput} checked={checked} disabled={disabled} aria-describedby={describedBy} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

export type ConfirmActionProps = {
  /** What ticking the switch confirms, e.g. 'Yes, delete this group'. */
  confirmations: string[];
  actionLabel: string;
  onConfirm: () => void;
};

/** A destructive button that stays disabled until every confirmation switch is ticked. */
export function ConfirmAction({ confirmations, actionLabel, onConfirm }: ConfirmActionProps) {
  const [ticked, setTicked] = useState<boolean[]>(confirmations.map(() => false));
  return (
    <div className={styles.block}>
      {confirmations.map((confirmation, index) => (
        <Switch key={confirmation} label={confirmation} checked={ticked[index] ?? false} onChange={(checked) => setTicked((all) => all.map((value, at) => (at === index ? checked : value)))} />
      ))}
      <button type="button" className={button.danger} disabled={!ticked.every(Boolean)} onClick={onConfirm}>
        {actionLabel}
      </button>
    </div>
  );
}
