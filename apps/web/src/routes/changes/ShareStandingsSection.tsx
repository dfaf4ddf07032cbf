import { useAtomValue, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { TOKEN_KEY } from '@scorecast/api-client';
import { ShareStandings } from '@scorecast/ui';
import { notify } from '../../state/notice.atoms';
import { selectedGroupAtom } from '../../state/session.atoms';

const pictureOf = (blob: Blob) => new File([blob], 'standings.png', { type: 'image/png' });

/** 'Share the standings': the group's standings picture through the share sheet where it takes files, else downloaded with the link copied. */
export function ShareStandingsSection() {
  const store = useStore();
  const { t, i18n } = useTranslation();
  const group = useAtomValue(selectedGroupAtom);
  if (!group) return null;
  const probe = typeof File === 'function' ? [new File([], 'standings.png', { type: 'image/png' })] : [];
  const canShareFiles = typeof navigator !== 'undefined' && typeof navigator.canShare === 'function' && navigator.canShare({ files: probe });
  const share = async () => {
    const token = localStorage.getItem(TOKEN_KEY);
    // The session lets the picture show the viewer's own row below the top ten.
    const response = await fetch(`/api/groups/${encodeURIComponent(group.id)}/standings.png?lang=${i18n.language === 'de' ? 'de' : 'en'}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    if (!response.ok) return;
    const picture = pictureOf(await response.blob());
    const link = `${location.origin}/login?invitation=${encodeURIComponent(group.id)}`;
    const text = t('share.title', { group: group.name });
    if (canShareFiles) {
      await navigator.share({ files: [picture], text, url: link }).catch(() => undefined);
      return;
    }
    const download = document.createElement('a');
    download.href = URL.createObjectURL(picture);
    download.download = `${group.name}.png`;
    download.click();
    setTimeout(() => URL.revokeObjectURL(download.href), 10_000);
    await navigator.clipboard?.writeText(`${text}: ${link}`).then(
      () => notify(store, { kind: 'success', key: 'share.copied' }),
      () => undefined,
    );
  };
  return <ShareStandings canShareFiles={canShareFiles} onShare={() => void share()} />;
}
