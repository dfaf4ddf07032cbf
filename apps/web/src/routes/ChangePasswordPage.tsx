import { useNavigate } from '@tanstack/react-router';
import { useStore } from 'jotai';
import { encryptPassword } from '@scorecast/api-client';
import { ChangePasswordForm } from '@scorecast/ui';
import { api } from '../api';
import { notify } from '../state/notice.atoms';

/** The new password, twice; sent encrypted. */
export function ChangePasswordPage() {
  const store = useStore();
  const navigate = useNavigate();
  const change = async (password: string) => {
    try {
      await api.changePassword({ password: await encryptPassword(password) });
      notify(store, { kind: 'success', key: 'message.passwordChanged' });
      void navigate({ to: '/settings' });
    } catch {
      notify(store, { kind: 'error', key: 'message.failedToChangePassword' });
    }
  };
  return <ChangePasswordForm onChange={(password) => void change(password)} onCancel={() => void navigate({ to: '/settings' })} />;
}
